import { Controller, Delete, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { AppsService } from '../apps/apps.service.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { SessionsAdminService } from './sessions-admin.service.js';

@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/sessions')
export class SessionsController {
  constructor(
    private readonly apps: AppsService,
    private readonly sessions: SessionsAdminService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Live sessions, newest first' })
  async list(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Query() query: PageQuery) {
    const app = await this.apps.findOwned(principal, appId);
    const { items, total } = await this.sessions.list(app, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Delete(':sessionId')
  @ApiOperation({ summary: 'End a session; its token gets 401 from then on' })
  async end(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('sessionId') sessionId: string) {
    const app = await this.apps.findOwned(actor, appId);
    await this.sessions.end(actor, app.id, sessionId);
    return ok({});
  }
}
