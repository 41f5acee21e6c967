import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ok, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import {
  BanLicenseDto,
  ExportLicensesQuery,
  GenerateLicensesDto,
  ListLicensesQuery,
  UpdateLicenseDto,
} from './licenses.dto.js';
import { LicensesService } from './licenses.service.js';

@ApiTags('licenses')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/licenses')
export class LicensesController {
  constructor(private readonly licenses: LicensesService) {}

  @Post()
  @ApiOperation({ summary: 'Generate 1-100 UNUSED keys' })
  async generate(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Body() body: GenerateLicensesDto) {
    return ok(await this.licenses.generate(actor, appId, body));
  }

  @Get()
  @ApiOperation({ summary: 'List keys, newest first; filter by status, search key or note' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('appId') appId: string,
    @Query() query: ListLicensesQuery,
  ) {
    const { items, total } = await this.licenses.list(principal, appId, query);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Get('export')
  @ApiOperation({ summary: 'All keys (optionally of one status) as CSV' })
  @ApiProduces('text/csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="licenses.csv"')
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('appId') appId: string,
    @Query() query: ExportLicensesQuery,
  ) {
    return this.licenses.exportCsv(principal, appId, query.status);
  }

  @Get(':licenseId')
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('appId') appId: string,
    @Param('licenseId') licenseId: string,
  ) {
    return ok(await this.licenses.get(principal, appId, licenseId));
  }

  @Patch(':licenseId')
  @ApiOperation({ summary: 'Change note, level or device limit' })
  async update(
    @CurrentActor() actor: Actor,
    @Param('appId') appId: string,
    @Param('licenseId') licenseId: string,
    @Body() body: UpdateLicenseDto,
  ) {
    return ok(await this.licenses.update(actor, appId, licenseId, body));
  }

  @Post(':licenseId/ban')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ban the key; its user’s sessions end' })
  async ban(
    @CurrentActor() actor: Actor,
    @Param('appId') appId: string,
    @Param('licenseId') licenseId: string,
    @Body() body: BanLicenseDto,
  ) {
    return ok(await this.licenses.ban(actor, appId, licenseId, body.reason));
  }

  @Post(':licenseId/unban')
  @HttpCode(200)
  async unban(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('licenseId') licenseId: string) {
    return ok(await this.licenses.unban(actor, appId, licenseId));
  }

  @Delete(':licenseId')
  @ApiOperation({ summary: 'Delete the key (emits license.delete)' })
  async remove(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('licenseId') licenseId: string) {
    await this.licenses.remove(actor, appId, licenseId);
    return ok({});
  }
}
