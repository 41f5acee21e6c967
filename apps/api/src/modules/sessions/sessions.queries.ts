import type { ListStatement } from '../../common/sql.js';
import { liveSessionSql, sessionEndSql, type SessionSql } from './session-rules.js';

/*
 * Every statement of the sessions module on the `sessions` table
 * (docs/data-access.md), but open_session's (session-opening.ts, which
 * builds the hot path's prepared statement around the SQL function). Other
 * modules end or stamp sessions through this module.
 */

/** `$1` = app id, `$2` = the app's idle timeout in seconds. */
const APP_SESSION: SessionSql = { alias: 's', idleSeconds: '$2' };
const LIVE_IN_APP = `WHERE s.app_id = $1 AND ${liveSessionSql(APP_SESSION)} AND ($3::uuid IS NULL OR s.user_id = $3)`;

/** The app's live sessions (of the user `$3` when not null), newest first, with their users' names. */
export const LIST_LIVE_SESSIONS: ListStatement = {
  select: `s.id, s.user_id, u.username, s.ip, s.hwid, s.created_at, s.last_seen_at,
           ${sessionEndSql(APP_SESSION)} AS ends_at`,
  from: `sessions s JOIN users u ON u.id = s.user_id ${LIVE_IN_APP}`,
  countFrom: `sessions s ${LIVE_IN_APP}`,
  orderBy: 's.created_at DESC, s.id DESC',
};

/** Ends the session `$1` of the app `$2` (an owner's action) unless it has ended already. */
export const END_SESSION = `UPDATE sessions SET ended_at = now(), end_reason = 'admin'
  WHERE id = $1 AND app_id = $2 AND ended_at IS NULL
  RETURNING user_id`;

/**
 * Ends the sessions not yet ended that `condition` (SQL over the alias `s`,
 * parameters from $1) selects, with the end reason `$<reasonParam>`; returns
 * for each whether it was live (by the session rules) before.
 */
export function endSessionsWhere(condition: string, reasonParam: number): string {
  return `UPDATE sessions s SET ended_at = now(), end_reason = $${reasonParam}
    FROM sessions previous JOIN apps a ON a.id = previous.app_id
   WHERE previous.id = s.id AND s.ended_at IS NULL AND ${condition}
   RETURNING ${liveSessionSql({ alias: 'previous', idleSeconds: 'a.session_idle_seconds' })} AS was_live`;
}

/** The conditions of endSessionsWhere for a blacklist entry, over `$1` = app id and `$2` = the value. */
export const BLACKLISTED_SESSIONS = {
  usernameKey: 's.user_id = (SELECT u.id FROM users u WHERE u.app_id = $1 AND u.username_key = $2)',
  hwid: 's.hwid = $2',
  ips: 's.ip COLLATE "C" = ANY($2::text[])',
} as const;

/** The user `$1`'s sessions, for endSessionsWhere. */
export const USER_SESSIONS = 's.user_id = $1';

/** Addresses of the app `$1`'s sessions not ended that start with one of `prefixCount` prefixes ($2...). */
export function recordedAddresses(prefixCount: number): string {
  const startsWith = Array.from({ length: prefixCount }, (_, i) => `s.ip COLLATE "C" ^@ $${i + 2}`).join(' OR ');
  return `SELECT DISTINCT s.ip FROM sessions s WHERE s.app_id = $1 AND s.ended_at IS NULL AND (${startsWith})`;
}

/** A client's logout: ends the live session of token hash `$1` in the app `$2` (idle timeout `$3`). */
export const LOG_OUT = `UPDATE sessions s SET ended_at = now(), end_reason = 'logout'
  WHERE s.token_hash = $1 AND s.app_id = $2 AND ${liveSessionSql({ alias: 's', idleSeconds: '$3' })}
  RETURNING s.id`;

/** A session call's activity. */
export const STAMP_ACTIVITY = `UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND ended_at IS NULL`;

/** The condition of endSessionsWhere for the users `$1` (an array of ids), as a bulk job ends them. */
export const USERS_SESSIONS = 's.user_id = ANY($1::uuid[])';
