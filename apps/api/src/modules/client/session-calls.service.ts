import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ClientMessage, VariableLimits } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { sha256 } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { AuditService } from '../audit/audit.service.js';
import { ClientRateLimiter } from '../rate-limit/client-rate-limiter.js';
import { clientLogLine } from './client-audit.js';
import type { ClientContext, ClientResult } from './client-context.js';
import { sessionEnd, sessionIsLive } from '../sessions/session-rules.js';
import { logOut, stampActivity } from '../sessions/session-writes.js';
import type { LiveSessionRow } from './client.rows.js';
import type { ClientUserRow } from '../users/users.queries.js';
import { SESSION_AND_VARIABLE_LOOKUP, SESSION_LOOKUP } from './session-calls.queries.js';
import { activityGranularityMs } from './session-results.js';
import { toClientUser } from '../users/user-views.js';
import type { LogDto, SessionDto, VarDto } from './client.dto.js';
import { markTicketSubject } from './offline-ticket.js';

/** A session found live, with its user; `end` is when it ends without further activity. */
export interface LiveSession {
  id: string;
  user: ClientUserRow;
  end: Date;
  row: LiveSessionRow;
}

/**
 * The session-gated client types: check, heartbeat, logout, var, log. Each costs
 * one read; activity is written at most every `activityGranularityMs`.
 */
@Injectable()
export class SessionCallsService {
  private readonly logger = new Logger('ClientSessions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: PreparedStatements,
    private readonly audit: AuditService,
    private readonly rateLimiter: ClientRateLimiter,
  ) {}

  async check({ app, body }: ClientContext<SessionDto>): Promise<ClientResult> {
    const session = await this.requireLive(app, body.sessionToken);
    const user = toClientUser(session.user);
    return {
      message: ClientMessage.sessionValid,
      data: markTicketSubject({ user, expiresAt: session.end.toISOString() }, session.id, user),
    };
  }

  async heartbeat({ app, body }: ClientContext<SessionDto>): Promise<ClientResult> {
    const session = await this.requireLive(app, body.sessionToken);
    return { message: ClientMessage.sessionAlive, data: { expiresAt: session.end.toISOString() } };
  }

  async logout({ app, body }: ClientContext<SessionDto>): Promise<ClientResult> {
    const session = { tokenHash: sha256(body.sessionToken), appId: app.id, idleSeconds: app.sessionIdleSeconds };
    if (!(await logOut(this.dataSource, session))) throw new AppError('INVALID_SESSION');
    return { message: ClientMessage.loggedOut, data: {} };
  }

  async variable({ app, body }: ClientContext<VarDto>): Promise<ClientResult> {
    const session = await this.requireLive(app, body.sessionToken, body.key);
    const { value, min_level: minLevel } = session.row;
    if (value === null || value === undefined) throw new AppError('VARIABLE_NOT_FOUND');
    if (session.user.level < (minLevel ?? VariableLimits.minLevelDefault)) throw new AppError('INSUFFICIENT_LEVEL');
    return { message: ClientMessage.variableRetrieved, data: { key: body.key, value } };
  }

  /** Stores a line from the client against the session's user, in the audit log. */
  async log({ app, ip, body }: ClientContext<LogDto>): Promise<ClientResult> {
    const session = await this.requireLive(app, body.sessionToken);
    await this.rateLimiter.consumeLogLine(session.id);
    await this.audit.write(this.dataSource.manager, [
      clientLogLine({
        appId: app.id,
        actor: session.user.username,
        ip,
        message: body.message,
        userId: session.user.id,
        sessionId: session.id,
      }),
    ]);
    return { message: ClientMessage.logged, data: {} };
  }

  /**
   * The live session of `token`, in one read (with the variable `variableKey`
   * when asked). Ended, expired, idle, banned-user and expired-subscription
   * sessions are all "Invalid or expired session". Counts as activity.
   */
  async requireLive(app: CachedApp, token: string, variableKey?: string): Promise<LiveSession> {
    const rows =
      variableKey === undefined
        ? await this.sql.rows<LiveSessionRow>('client-session', SESSION_LOOKUP, [sha256(token)])
        : await this.sql.rows<LiveSessionRow>('client-session-variable', SESSION_AND_VARIABLE_LOOKUP, [
            sha256(token),
            variableKey,
          ]);
    const row = rows[0];
    const now = Date.now();
    if (
      !row ||
      row.app_id !== app.id ||
      row.banned ||
      // The lookup reads only sessions not ended.
      !sessionIsLive(
        app.sessionIdleSeconds,
        { endedAt: null, expiresAt: row.session_expires_at, lastSeenAt: row.last_seen_at },
        new Date(now),
      ) ||
      (row.expires_at !== null && row.expires_at.getTime() <= now)
    ) {
      throw new AppError('INVALID_SESSION');
    }
    if (now - row.last_seen_at.getTime() >= activityGranularityMs(app)) this.stampActivity(row.session_id);
    return {
      id: row.session_id,
      row,
      end: sessionEnd(app.sessionIdleSeconds, row.session_expires_at, new Date(now)),
      user: {
        id: row.user_id,
        username: row.username,
        level: row.level,
        hwid: row.hwid,
        expires_at: row.expires_at,
        created_at: row.created_at,
        last_login_at: row.last_login_at,
      },
    };
  }

  /** Written after the answer: a lost stamp costs at most one granularity of idle time. */
  private stampActivity(sessionId: string): void {
    stampActivity(this.dataSource, sessionId).catch((err: Error) =>
      this.logger.warn(`could not stamp session activity: ${err.message}`),
    );
  }
}
