import { Body, Delete, Get, HttpCode, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppRole } from '@latchkey/contracts';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AdminController } from '../../common/auth/admin-controller.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AllowRoles } from '../../common/auth/role-policy.js';
import { AppCapability, AppOwnershipGuard, CurrentApp, CurrentAppRole, type OwnedApp } from './app-access.js';
import { CreateAppDto, UpdateAppDto } from './apps.dto.js';
import { AppsService, toApp, withRole } from './apps.service.js';

@ApiTags('apps')
@AdminController('apps')
export class AppsController {
  constructor(private readonly apps: AppsService) {}

  @Post()
  @ApiOperation({ summary: 'Create an application; apiKey is shown only here' })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAppDto) {
    return ok(await this.apps.create(actor, body));
  }

  @Get()
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: "The caller's applications: its own and those it is a member of, each with its role" })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return paged(await this.apps.list(principal, pageOffset(query), query.limit), query);
  }

  @Get(':appId')
  @AppCapability('app.read')
  @UseGuards(AppOwnershipGuard)
  @ApiOperation({ summary: 'The application, with the caller’s role on it' })
  get(@CurrentApp() app: OwnedApp, @CurrentAppRole() role: AppRole) {
    return ok(withRole(toApp(app), role));
  }

  @Patch(':appId')
  @AppCapability('settings')
  @UseGuards(AppOwnershipGuard)
  @ApiOperation({ summary: 'Change settings; takes effect on /v1 at once' })
  async update(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: UpdateAppDto) {
    return ok(await this.apps.update(actor, app, body));
  }

  @Post(':appId/api-key/rotate')
  @AppCapability('apiKey')
  @HttpCode(200)
  @UseGuards(AppOwnershipGuard)
  @ApiOperation({ summary: 'Issue a new API key; the old one stops working at once' })
  async rotate(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp) {
    return ok(await this.apps.rotateApiKey(actor, app));
  }

  @Delete(':appId')
  @AppCapability('app.delete')
  @UseGuards(AppOwnershipGuard)
  @ApiOperation({ summary: 'Delete the application and all its records' })
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp) {
    await this.apps.remove(actor, app);
    return ok({});
  }
}
