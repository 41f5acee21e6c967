import { Body, Delete, Get, Header, HttpCode, Patch, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AllowRoles } from '../../common/auth/role-policy.js';
import {
  type AppScope,
  AppScoped,
  CurrentApp,
  CurrentScope,
  type OwnedApp,
  AppCapability,
} from '../apps/app-access.js';
import {
  BanLicenseDto,
  ExportLicensesQuery,
  GenerateLicensesDto,
  ListLicensesQuery,
  UpdateLicenseDto,
} from './licenses.dto.js';
import { LicensesService } from './licenses.service.js';

@ApiTags('licenses')
@AppScoped('licenses')
export class LicensesController {
  constructor(private readonly licenses: LicensesService) {}

  @Post()
  @AppCapability('licenses.write')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'Generate 1-100 UNUSED keys; a reseller pays one credit per key (402 when short)' })
  async generate(@CurrentActor() actor: Actor, @CurrentScope() scope: AppScope, @Body() body: GenerateLicensesDto) {
    return ok(await this.licenses.generate(actor, scope, body));
  }

  @Get()
  @AppCapability('licenses.read')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({
    summary: 'List keys, newest first; filter by status, creator, search key or note (a reseller: its own)',
  })
  async list(@CurrentScope() scope: AppScope, @Query() query: ListLicensesQuery) {
    return paged(await this.licenses.list(scope, query), query);
  }

  @Get('export')
  @AppCapability('licenses.export')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'All keys (optionally of one status or creator) as CSV; a reseller: its own' })
  @ApiProduces('text/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="licenses.csv"')
  export(@CurrentScope() scope: AppScope, @Query() query: ExportLicensesQuery) {
    return new StreamableFile(this.licenses.exportCsv(scope, query));
  }

  @Get(':licenseId')
  @AppCapability('licenses.read')
  async get(@CurrentApp() app: OwnedApp, @IdParam('licenseId') licenseId: string) {
    return ok(await this.licenses.get(app.id, licenseId));
  }

  @Patch(':licenseId')
  @AppCapability('licenses.write')
  @ApiOperation({ summary: 'Change note, level or device limit' })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('licenseId') licenseId: string,
    @Body() body: UpdateLicenseDto,
  ) {
    return ok(await this.licenses.update(actor, app.id, licenseId, body));
  }

  @Post(':licenseId/ban')
  @AppCapability('licenses.act')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ban the key; its user’s sessions end' })
  async ban(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('licenseId') licenseId: string,
    @Body() body: BanLicenseDto,
  ) {
    return ok(await this.licenses.ban(actor, app.id, licenseId, body.reason, body.publicReason ?? null));
  }

  @Post(':licenseId/unban')
  @AppCapability('licenses.act')
  @HttpCode(200)
  async unban(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('licenseId') licenseId: string) {
    return ok(await this.licenses.unban(actor, app.id, licenseId));
  }

  @Delete(':licenseId')
  @AppCapability('licenses.write')
  @AllowRoles('owner', 'reseller')
  @ApiOperation({ summary: 'Delete the key (emits license.delete); a reseller: its own unused keys, refunded' })
  async remove(@CurrentActor() actor: Actor, @CurrentScope() scope: AppScope, @IdParam('licenseId') licenseId: string) {
    await this.licenses.remove(actor, scope, licenseId);
    return ok({});
  }
}
