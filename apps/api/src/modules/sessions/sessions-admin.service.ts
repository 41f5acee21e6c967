import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminSession } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { AppError } from '../../common/errors.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { liveSessionSql, sessionEndSql, type SessionSql } from './session-rules.js';
import type { SessionRow } from './session.rows.js';

/** The app fields that decide whether a session is live. */
export interface SessionPolicy {
  id: string;
  sessionIdleSeconds: number;
}

/** `$1` = app id, `$2` = the app's idle timeout in seconds. */
const APP_SESSION: SessionSql = { alias: 's', idleSeconds: '$2' };
const LIVE = `s.app_id = $1 AND ${liveSessionSql(APP_SESSION)}`;

/** The owner's view of an app's sessions, and ending them. */
@Injectable()
export class SessionsAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(app: SessionPolicy, { userId, offset, limit }: { userId?: string; offset: number; limit: number }) {
    const where = `WHERE ${LIVE} AND ($3::uuid IS NULL OR s.user_id = $3)`;
    const list = {
      select: `s.id, s.user_id, u.username, s.ip, s.hwid, s.created_at, s.last_seen_at,
               ${sessionEndSql(APP_SESSION)} AS ends_at`,
      from: `sessions s JOIN users u ON u.id = s.user_id ${where}`,
      countFrom: `sessions s ${where}`,
      orderBy: 's.created_at DESC, s.id DESC',
    };
    const params = [app.id, app.sessionIdleSeconds, userId ?? null];
    return sqlPage(this.dataSource, list, params, { offset, limit }, toAdminSession);
  }

  /** Ends one session of the app; its token gets 401 from then on. An ended or unknown session is "not found". */
  async end(actor: Actor, appId: string, sessionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<{ user_id: string }>(
        manager,
        `UPDATE sessions SET ended_at = now(), end_reason = 'admin'
          WHERE id = $1 AND app_id = $2 AND ended_at IS NULL
          RETURNING user_id`,
        [sessionId, appId],
      );
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
    return endSessionsWhere(manager, 's.user_id = $1', [userId], reason);
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
        ? ['s.user_id = (SELECT u.id FROM users u WHERE u.app_id = $1 AND u.username_key = $2)', match.usernameKey]
        : 'hwid' in match
          ? ['s.hwid = $2', match.hwid]
          : [`s.ip COLLATE "C" = ANY($2::text[])`, match.ips];
    return endSessionsWhere(manager, `s.app_id = $1 AND ${condition}`, [appId, value], 'blacklisted');
  }

  /**
   * The addresses (distinct, as recorded) the app's sessions not yet ended
   * were opened from, among those starting with one of `prefixes` (`''` is
   * any): a range of the index on (app_id, ip) in byte order per prefix.
   */
  async recordedAddresses(manager: EntityManager, appId: string, prefixes: string[]): Promise<string[]> {
    const startsWith = prefixes.map((_, i) => `s.ip COLLATE "C" ^@ $${i + 2}`).join(' OR ');
    const rows: Array<{ ip: string }> = await manager.query(
      `SELECT DISTINCT s.ip FROM sessions s WHERE s.app_id = $1 AND s.ended_at IS NULL AND (${startsWith})`,
      [appId, ...prefixes],
    );
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
async function endSessionsWhere(
  manager: EntityManager,
  condition: string,
  params: unknown[],
  reason: string,
): Promise<number> {
  const rows = await sqlRows<{ was_live: boolean }>(
    manager,
    `UPDATE sessions s SET ended_at = now(), end_reason = $${params.length + 1}
       FROM sessions previous JOIN apps a ON a.id = previous.app_id
      WHERE previous.id = s.id AND s.ended_at IS NULL AND ${condition}
      RETURNING ${liveSessionSql({ alias: 'previous', idleSeconds: 'a.session_idle_seconds' })} AS was_live`,
    [...params, reason],
  );
  return rows.filter((row) => row.was_live).length;
}

function toAdminSession(row: SessionRow): AdminSession {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    ip: row.ip,
    hwid: row.hwid,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.ends_at.toISOString(),
  };
}
