/*
 * The session rules, written once. Every SQL statement that asks whether a
 * session is live, or when it ends, builds its condition here: the owner's
 * sessions list, stats, the client's session checks and open_session.
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
  return `(${alias}.ended_at IS NULL AND ${alias}.expires_at > ${at}
    AND ${alias}.last_seen_at > ${at} - make_interval(secs => ${idleSeconds}))`;
}

/**
 * SQL expression: when the session ends without further activity, its
 * absolute end or the idle timeout counted from its last activity
 * (`lastSeen`, default the row's `last_seen_at`), whichever comes first.
 */
export function sessionEndSql({ alias, idleSeconds }: SessionSql, lastSeen = `${alias}.last_seen_at`): string {
  return `LEAST(${alias}.expires_at, ${lastSeen} + make_interval(secs => ${idleSeconds}))`;
}

/** The end rule of `sessionEndSql` for a session this process holds: the absolute end or idle end, the earlier. */
export function sessionEnd(idleSeconds: number, absoluteEnd: Date, lastSeen: Date): Date {
  return new Date(Math.min(absoluteEnd.getTime(), lastSeen.getTime() + idleSeconds * 1000));
}
