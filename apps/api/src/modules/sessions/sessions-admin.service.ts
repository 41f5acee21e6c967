import { apiRow } from '../../common/api-row.js';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminSession } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { AppError } from '../../common/errors.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import type { SessionRow } from './session.rows.js';
import {
  BLACKLISTED_SESSIONS,
  END_SESSION,
  endSessionsWhere,
  LIST_LIVE_SESSIONS,
  recordedAddresses,
  USER_SESSIONS,
} from './sessions.queries.js';

/** The app fields that decide whether a session is live. */
export interface SessionPolicy {
  id: string;
  sessionIdleSeconds: number;
}

/** The owner's view of an app's sessions, and ending them. */
@Injectable()
export class SessionsAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(app: SessionPolicy, { userId, offset, limit }: { userId?: string; offset: number; limit: number }) {
    const params = [app.id, app.sessionIdleSeconds, userId ?? null];
    return sqlPage(this.dataSource, LIST_LIVE_SESSIONS, params, { offset, limit }, toAdminSession);
  }

  /** Ends one session of the app; its token gets 401 from then on. An ended or unknown session is "not found". */
  async end(actor: Actor, appId: string, sessionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<{ user_id: string }>(manager, END_SESSION, [sessionId, appId]);
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.session.end', { sessionId, userId: rows[0].user_id }),
      ]);
    });
  }

  /**
   * Ends every session of a user inside the caller's transaction (the owner's
   * "end all", a ban of the user or its license, the license's deletion), recording
   * `reason` as the end reason (`admin`, `user_banned`, `license_banned`, ...).
   * Returns how many of them were live (see endSessionsWhere).
   */
  async endUserSessions(manager: EntityManager, userId: string, reason: string): Promise<number> {
    return endSessions(manager, USER_SESSIONS, [userId], reason);
  }

  /**
   * Ends the app's sessions a blacklist entry matches, inside the caller's
   * transaction, with the end reason `blacklisted`: those of the user whose
   * canonical username (usernameKey) is `usernameKey`, those opened with the
   * HWID `hwid`, or those opened from one of the addresses `ips` (spelled as
   * recorded). Each goes through an index: the user's, or the app's sessions
   * not ended by HWID or by IP. Returns how many of them were live.
   */
  async endBlacklistedSessions(manager: EntityManager, appId: string, match: BlacklistedSessions): Promise<number> {
    const [condition, value] =
      'usernameKey' in match
        ? [BLACKLISTED_SESSIONS.usernameKey, match.usernameKey]
        : 'hwid' in match
          ? [BLACKLISTED_SESSIONS.hwid, match.hwid]
          : [BLACKLISTED_SESSIONS.ips, match.ips];
    return endSessions(manager, `s.app_id = $1 AND ${condition}`, [appId, value], 'blacklisted');
  }

  /**
   * The addresses (distinct, as recorded) the app's sessions not yet ended
   * were opened from, among those starting with one of `prefixes` (`''` is
   * any): a range of the index on (app_id, ip) in byte order per prefix.
   */
  async recordedAddresses(manager: EntityManager, appId: string, prefixes: string[]): Promise<string[]> {
    const rows = await sqlRows<{ ip: string }>(manager, recordedAddresses(prefixes.length), [appId, ...prefixes]);
    return rows.map((row) => row.ip);
  }
}

/** Which sessions a blacklist entry ends: a user's (by canonical username), or those opened with an HWID or from addresses. */
export type BlacklistedSessions = { usernameKey: string } | { hwid: string } | { ips: string[] };

/**
 * Ends the sessions not yet ended that `condition` (SQL over the alias `s`,
 * parameters from $1, then the end reason) selects. Session validation reads
 * `ended_at`, so the tokens stop working, in every API process, once the
 * transaction commits. Idle sessions are ended too, so raising the app's
 * idle timeout later cannot bring one back. Returns how many of them were
 * live (by the session rules, read from the rows before the update): the
 * number the owner saw in the sessions list.
 */
async function endSessions(
  manager: EntityManager,
  condition: string,
  params: unknown[],
  reason: string,
): Promise<number> {
  const rows = await sqlRows<{ was_live: boolean }>(manager, endSessionsWhere(condition, params.length + 1), [
    ...params,
    reason,
  ]);
  return rows.filter((row) => row.was_live).length;
}

function toAdminSession({ ends_at, ...row }: SessionRow): AdminSession {
  return { ...apiRow(row), expiresAt: ends_at.toISOString() };
}
