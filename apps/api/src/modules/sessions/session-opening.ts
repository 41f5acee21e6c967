import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { AuditService, type AuditRecord } from '../audit/audit.service.js';
import { domainEvent, EventsService, type DomainEvent, type Emit } from '../events/events.service.js';
import type { OpenedSessionRow } from './session.rows.js';
import { liveSessionSql, sessionEnd } from './session-rules.js';
import { sessionsEvicted, sessionsOpened } from './session-metrics.js';

/** A session about to be opened: its id, secret token and absolute end, chosen before the write. */
export interface NewSession {
  id: string;
  token: string;
  tokenHash: Buffer;
  expiresAt: Date;
}

export function newSession(app: CachedApp, now = Date.now()): NewSession {
  const token = randomSecret('', 32);
  return { id: randomUUID(), token, tokenHash: sha256(token), expiresAt: new Date(now + app.sessionTtlSeconds * 1000) };
}

/** What a login-like call decided about the user before opening a session. */
export interface SessionAdmission {
  userId: string;
  username: string;
  /** the HWID seen at lookup; the session opens only if it is still the same under the lock */
  expectedHwid: string | null;
  /** bind the presented HWID to the user as the session opens */
  storeHwid: boolean;
  /** for key logins: the key must still be this user's and not banned when the session opens */
  licenseId: string | null;
}

/** One session to open: for whom, from where, with which presented HWID. */
export interface SessionOpeningRequest {
  app: CachedApp;
  ip: string;
  hwid: string | null;
  session: NewSession;
  admission: SessionAdmission;
}

const SESSION_PARAMS = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12';

/**
 * Opening a session, the one way: the SQL function `open_session` re-checks
 * the user under its row lock (ban, expiry, HWID, device limit with eviction
 * of the oldest) and inserts the session, and `user.login` and
 * `session.create` are recorded with it.
 */
@Injectable()
export class SessionOpening {
  /**
   * Opens a session and records its events and audit entries in one
   * statement: $1-$12 open_session's, $13 the events, $14 the audit entries.
   */
  private readonly openSessionSql: string;

  constructor(
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly sql: PreparedStatements,
    private readonly statistics: PlannerStatistics,
  ) {
    const opens = 'EXISTS (SELECT 1 FROM opened)';
    // `evicted`, for the metrics: open_session ends the user's oldest live sessions beyond max_devices - 1.
    // Counted from the statement's snapshot, taken before open_session locks the user: exact unless another
    // session of the same user opens at the same moment.
    const live = liveSessionSql({ alias: 's', idleSeconds: '$10' }, '$12');
    this.openSessionSql = `WITH live_before AS MATERIALIZED (
         SELECT count(*)::int AS sessions, (SELECT u.max_devices FROM users u WHERE u.id = $1) AS max_devices
           FROM sessions s WHERE s.user_id = $1 AND s.ended_at IS NULL AND ${live}),
       opened AS MATERIALIZED (SELECT * FROM open_session(${SESSION_PARAMS})),
       ${this.events.recordCte('$13', opens)},
       ${this.audit.recordCte('$14', opens)}
       SELECT o.*, ARRAY(SELECT id FROM recorded_event_deliveries) AS delivery_ids,
              GREATEST(l.sessions - GREATEST(l.max_devices - 1, 0), 0) AS evicted
         FROM opened o, live_before l`;
  }

  /**
   * Opens a session on its own (one round trip, committed together with its
   * events and `audit`). Null when the user changed since it was checked:
   * the caller checks again.
   */
  async open(request: SessionOpeningRequest, audit: AuditRecord[]): Promise<OpenedSessionRow | null> {
    const openedAt = new Date();
    const rows = await this.sql.rows<OpenedSessionRow>('client-open-session', this.openSessionSql, [
      ...sessionParams(request, openedAt),
      this.events.toParam(loginEvents(request, openedAt)),
      this.audit.toParam(audit),
    ]);
    const opened = rows[0];
    if (!opened) return null;
    sessionsOpened.inc();
    if (opened.evicted) sessionsEvicted.inc(opened.evicted);
    this.statistics.wrote('sessions', 1 + (opened.evicted ?? 0));
    await this.events.afterCommit(opened.delivery_ids ?? []);
    return opened;
  }

  /**
   * Opens the first session of a user registered in the caller's transaction
   * (locked there); events go through `emit`. A registration is not a login:
   * only `session.create` is recorded.
   */
  async openInTransaction(
    manager: EntityManager,
    emit: Emit,
    request: SessionOpeningRequest,
  ): Promise<OpenedSessionRow> {
    const rows: OpenedSessionRow[] = await manager.query(
      `SELECT * FROM open_session(${SESSION_PARAMS})`,
      sessionParams(request, new Date()),
    );
    const opened = rows[0];
    if (!opened) throw new Error('open_session refused a user locked by this transaction');
    sessionsOpened.inc();
    // Counted before the caller commits: a rollback only brings the next analysis a row early.
    this.statistics.wrote('sessions', 1);
    for (const event of loginEvents(request, opened.session_created_at)) {
      if (event.name !== 'user.login') emit(event);
    }
    return opened;
  }
}

/** open_session's parameters; `openedAt` is the one clock of the session's start, end and events. */
function sessionParams({ app, ip, hwid, session, admission }: SessionOpeningRequest, openedAt: Date): unknown[] {
  return [
    admission.userId,
    app.id,
    session.id,
    session.tokenHash,
    ip,
    hwid,
    admission.expectedHwid,
    admission.storeHwid,
    session.expiresAt,
    app.sessionIdleSeconds,
    admission.licenseId,
    openedAt,
  ];
}

/** `user.login` and `session.create` for a session opened at `openedAt`. */
export function loginEvents(
  { app, ip, hwid, session, admission }: SessionOpeningRequest,
  openedAt: Date,
): DomainEvent[] {
  const { userId, username } = admission;
  return [
    domainEvent('user.login', app.id, { userId, username, ip, hwid, appId: app.id }),
    domainEvent('session.create', app.id, {
      sessionId: session.id,
      userId,
      username,
      ip,
      hwid,
      expiresAt: sessionEnd(app.sessionIdleSeconds, session.expiresAt, openedAt).toISOString(),
      appId: app.id,
    }),
  ];
}
