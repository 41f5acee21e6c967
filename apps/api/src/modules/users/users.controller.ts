import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { BanUserDto, CreateUserDto, ExtendUserDto, SetUserExpiryDto, UsersQuery } from './users.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@AppScoped('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @AppCapability('users.read')
  @ApiOperation({ summary: 'End users, newest first; `search` matches part of the username' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: UsersQuery) {
    return paged(await this.users.list(app.id, query.search, pageOffset(query), query.limit), query);
  }

  @Post()
  @AppCapability('users.write')
  @ApiOperation({ summary: 'Create a user without a license key' })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateUserDto) {
    return ok(await this.users.create(actor, app.id, body));
  }

  @Get(':userId')
  @AppCapability('users.read')
  async get(@CurrentApp() app: OwnedApp, @IdParam('userId') userId: string) {
    return ok(await this.users.get(app.id, userId));
  }

  @Delete(':userId')
  @AppCapability('users.write')
  @ApiOperation({ summary: 'Delete the user; its sessions end' })
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('userId') userId: string) {
    await this.users.remove(actor, app.id, userId);
    return ok({});
  }

  @Post(':userId/ban')
  @AppCapability('users.act')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ban the user; its sessions end and user.ban is emitted' })
  async ban(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('userId') userId: string,
    @Body() body: BanUserDto,
  ) {
    return ok(await this.users.ban(actor, app.id, userId, body.reason ?? null, body.publicReason ?? null));
  }

  @Post(':userId/unban')
  @AppCapability('users.act')
  @HttpCode(200)
  async unban(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('userId') userId: string) {
    return ok(await this.users.unban(actor, app.id, userId));
  }

  @Post(':userId/extend')
  @AppCapability('users.act')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add days to max(now, expiresAt); a lifetime user stays lifetime' })
  async extend(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('userId') userId: string,
    @Body() body: ExtendUserDto,
  ) {
    return ok(await this.users.extend(actor, app.id, userId, body.days));
  }

  @Put(':userId/expiry')
  @AppCapability('users.act')
  @ApiOperation({ summary: 'Set the expiry to a moment, the past included (try an expiry screen); null: lifetime' })
  async setExpiry(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('userId') userId: string,
    @Body() body: SetUserExpiryDto,
  ) {
    return ok(await this.users.setExpiry(actor, app.id, userId, body.expiresAt));
  }

  @Delete(':userId/sessions')
  @AppCapability('users.act')
  @ApiOperation({ summary: 'End every live session of the user; their tokens get 401 from then on' })
  async endSessions(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('userId') userId: string) {
    return ok(await this.users.endSessions(actor, app.id, userId));
  }

  @Post(':userId/reset-hwid')
  @AppCapability('users.act')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clear the stored HWID; the next login with one stores it again' })
  async resetHwid(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('userId') userId: string) {
    return ok(await this.users.resetHwid(actor, app.id, userId));
  }
}
