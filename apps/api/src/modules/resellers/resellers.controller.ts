import { Body, Delete, Get, HttpCode, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { ResellerCreationLimitGuard } from './reseller-creation-limit.guard.js';
import { AdjustCreditsDto, CreateResellerDto, UpdateResellerDto } from './resellers.dto.js';
import { ResellersService } from './resellers.service.js';

/** The owner's management of an app's resellers (owners only: no AllowRoles). */
@ApiTags('resellers')
@AppScoped('resellers')
export class ResellersController {
  constructor(private readonly resellers: ResellersService) {}

  @Post()
  @AppCapability('resellers.write')
  @UseGuards(ResellerCreationLimitGuard)
  @ApiOperation({
    summary:
      'Create a reseller account for this app; opening credits are a grant ledger entry; ' +
      'rate limited per account (RESELLER_CREATE_RATE_LIMIT_PER_MINUTE); 409 only for an email another reseller of this app has',
  })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateResellerDto) {
    return ok(await this.resellers.create(actor, app.id, body));
  }

  @Get()
  @AppCapability('resellers.read')
  @ApiOperation({ summary: 'Resellers of the app, newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.resellers.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':resellerId')
  @AppCapability('resellers.read')
  async get(@CurrentApp() app: OwnedApp, @IdParam('resellerId') resellerId: string) {
    return ok(await this.resellers.get(app.id, resellerId));
  }

  @Patch(':resellerId')
  @AppCapability('resellers.write')
  @ApiOperation({ summary: 'Change allowed levels or durations, enabled or the password' })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('resellerId') resellerId: string,
    @Body() body: UpdateResellerDto,
  ) {
    return ok(await this.resellers.update(actor, app.id, resellerId, body));
  }

  @Post(':resellerId/credits')
  @AppCapability('resellers.write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add or remove credits with a note; never below zero' })
  async adjustCredits(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('resellerId') resellerId: string,
    @Body() body: AdjustCreditsDto,
  ) {
    return ok(await this.resellers.adjustCredits(actor, app.id, resellerId, body));
  }

  @Get(':resellerId/ledger')
  @AppCapability('resellers.read')
  @ApiOperation({ summary: "The reseller's credit ledger, newest first" })
  async ledger(@CurrentApp() app: OwnedApp, @IdParam('resellerId') resellerId: string, @Query() query: PageQuery) {
    return paged(await this.resellers.ledger(app.id, resellerId, pageOffset(query), query.limit), query);
  }

  @Delete(':resellerId')
  @AppCapability('resellers.write')
  @ApiOperation({ summary: 'Disable the reseller: login refused, tokens revoked; keys and ledger kept' })
  async disable(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('resellerId') resellerId: string) {
    await this.resellers.disable(actor, app.id, resellerId);
    return ok({});
  }
}
