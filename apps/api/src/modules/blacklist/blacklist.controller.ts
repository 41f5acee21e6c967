import { Body, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, pageOffset, paged } from '../../common/admin-response.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { BlacklistQuery, CreateBlacklistEntryDto } from './blacklist.dto.js';
import { BlacklistService } from './blacklist.service.js';

@ApiTags('blacklist')
@AppScoped('blacklist')
export class BlacklistController {
  constructor(private readonly blacklist: BlacklistService) {}

  @Post()
  @AppCapability('blacklist.write')
  @ApiOperation({
    summary:
      'Block an IP (address or CIDR range), HWID or username; applies to /v1 at once and ends the live sessions it matches',
  })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateBlacklistEntryDto) {
    return ok(await this.blacklist.create(actor, app.id, body));
  }

  @Get()
  @AppCapability('blacklist.read')
  @ApiOperation({ summary: 'Blacklist entries, newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: BlacklistQuery) {
    return paged(await this.blacklist.list(app.id, query.type, pageOffset(query), query.limit), query);
  }

  @Delete(':entryId')
  @AppCapability('blacklist.write')
  @ApiOperation({ summary: 'Remove an entry; applies to /v1 at once' })
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('entryId') entryId: string) {
    await this.blacklist.remove(actor, app.id, entryId);
    return ok({});
  }
}
