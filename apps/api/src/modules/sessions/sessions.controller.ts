import { Delete, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { ok, pageOffset, paged } from '../../common/admin-response.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { SessionsAdminService } from './sessions-admin.service.js';
import { SessionsQuery } from './sessions.dto.js';

@ApiTags('sessions')
@AppScoped('sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsAdminService) {}

  @Get()
  @AppCapability('sessions.read')
  @ApiOperation({ summary: "Live sessions, newest first; with userId, that user's only" })
  async list(@CurrentApp() app: OwnedApp, @Query() query: SessionsQuery) {
    return paged(
      await this.sessions.list(app, {
        userId: query.userId,
        offset: pageOffset(query),
        limit: query.limit,
      }),
      query,
    );
  }

  @Delete(':sessionId')
  @AppCapability('sessions.end')
  @ApiOperation({ summary: 'End a session; its token gets 401 from then on' })
  async end(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('sessionId') sessionId: string) {
    await this.sessions.end(actor, app.id, sessionId);
    return ok({});
  }
}
