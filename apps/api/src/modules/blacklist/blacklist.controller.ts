import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AppsService } from '../apps/apps.service.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { BlacklistQuery, CreateBlacklistEntryDto } from './blacklist.dto.js';
import { BlacklistService } from './blacklist.service.js';

@ApiTags('blacklist')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/blacklist')
export class BlacklistController {
  constructor(
    private readonly apps: AppsService,
    private readonly blacklist: BlacklistService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Block an IP (address or CIDR range), HWID or username; applies to /v1 at once' })
  async create(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Body() body: CreateBlacklistEntryDto) {
    const app = await this.apps.findOwned(actor, appId);
    return ok(await this.blacklist.create(actor, app.id, body));
  }

  @Get()
  @ApiOperation({ summary: 'Blacklist entries, newest first' })
  async list(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Query() query: BlacklistQuery) {
    const app = await this.apps.findOwned(principal, appId);
    const { items, total } = await this.blacklist.list(app.id, query.type, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Delete(':entryId')
  @ApiOperation({ summary: 'Remove an entry; applies to /v1 at once' })
  async remove(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('entryId') entryId: string) {
    const app = await this.apps.findOwned(actor, appId);
    await this.blacklist.remove(actor, app.id, entryId);
    return ok({});
  }
}
