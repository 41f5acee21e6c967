/*
 * The session rules, written once: as the SQL functions `session_is_live` and
 * `session_ends_at` (sql/session_rules.v1.sql, which open_session uses), and
 * here as the builders every other statement takes its condition from: the
 * owner's sessions list, stats, download links. PostgreSQL inlines the
 * functions, so the conditions plan as if written out.
 */

/** Where a rule reads a session: the SQL alias of a `sessions` row and the app's idle timeout (an SQL expression). */
export interface SessionSql {
  /** alias of the sessions row, e.g. `s` */
  alias: string;
  /** the app's `sessionIdleSeconds`, e.g. a parameter `$2` */
  idleSeconds: string;
}

/**
 * SQL condition: the session is live at `at` (default the statement's
 * `now()`): not ended, before its absolute end, and seen within the app's
 * idle timeout.
 */
export function liveSessionSql({ alias, idleSeconds }: SessionSql, at = 'now()'): string {
  return `session_is_live(${alias}.ended_at, ${alias}.expires_at, ${alias}.last_seen_at, ${at}, ${idleSeconds})`;
}

/**
 * SQL expression: when the session ends without further activity, its
 * absolute end or the idle timeout counted from its last activity
 * (`lastSeen`, default the row's `last_seen_at`), whichever comes first.
 */
export function sessionEndSql({ alias, idleSeconds }: SessionSql, lastSeen = `${alias}.last_seen_at`): string {
  return `session_ends_at(${alias}.expires_at, ${lastSeen}, ${idleSeconds})`;
}

/** A session as this process holds it in memory. */
export interface SessionTimes {
  endedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * `session_is_live` for a session this process holds in memory (the client's
 * session checks): not ended and before its end (sessionEnd) at `at`.
 * test/session-rules.e2e-spec.ts checks it against the SQL function.
 */
export function sessionIsLive(idleSeconds: number, session: SessionTimes, at: Date): boolean {
  return session.endedAt === null && sessionEnd(idleSeconds, session.expiresAt, session.lastSeenAt) > at;
}

/**
 * `session_ends_at` for a session this process holds in memory (the client's
 * session checks and the `session.create` event): the earlier of the absolute
 * and the idle end. test/session-rules.e2e-spec.ts checks it against the SQL function.
 */
export function sessionEnd(idleSeconds: number, absoluteEnd: Date, lastSeen: Date): Date {
  return new Date(Math.min(absoluteEnd.getTime(), lastSeen.getTime() + idleSeconds * 1000));
}
