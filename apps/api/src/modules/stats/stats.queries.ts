import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * The stats module's statements: it owns `app_activity_days` and reads other
 * modules' tables (docs/data-access.md).
 */

/** One UTC day of activity: `activations` and `logins` are null for a day not stored in app_activity_days. */
export interface ActivityDayRow {
  date: string;
  activations: number | null;
  logins: number | null;
}

/**
 * The last `$2` UTC days (today last) by PostgreSQL's clock, each with the
 * app `$1`'s stored activity when app_activity_days has it (~30 rows of its
 * primary key).
 */
export const ACTIVITY_DAYS = `SELECT to_char(d, 'YYYY-MM-DD') AS date, s.activations, s.logins
  FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date,
                       interval '1 day') d
  LEFT JOIN app_activity_days s ON s.app_id = $1 AND s.day = d::date
  ORDER BY d`;

/**
 * The app `$1`'s activations (licenses by activation time, through
 * licenses_app_activated_idx) and logins (`user.login` events, through
 * events_app_name_created_idx) per UTC day from the day `$2` to today,
 * counted from the rows; the days among them that closed over an hour ago
 * (so no transaction that stamped them is still open) are stored in
 * app_activity_days, zeros included, for later calls to read instead. The
 * bound is the parameter itself, not a subquery, so the planner sees how few
 * rows it reads (with a subquery's unknown bound it expected a third of the
 * app's rows and chose a sequential scan, or JIT-compiled the statement).
 */
export const COUNT_ACTIVITY_FROM = `WITH activations AS (
     SELECT (activated_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM licenses WHERE app_id = $1 AND activated_at >= $2::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1),
   logins AS (
     SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM events WHERE app_id = $1 AND name = 'user.login' AND created_at >= $2::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1),
   counted AS (
     SELECT d::date AS day, coalesce(a.n, 0) AS activations, coalesce(l.n, 0) AS logins
       FROM generate_series($2::date, (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       LEFT JOIN activations a ON a.day = d::date LEFT JOIN logins l ON l.day = d::date),
   stored AS (
     INSERT INTO app_activity_days (app_id, day, activations, logins)
     SELECT $1, day, activations, logins FROM counted
      WHERE ((day + 1)::timestamp AT TIME ZONE 'UTC') <= now() - interval '1 hour'
     ON CONFLICT (app_id, day) DO NOTHING)
  SELECT to_char(day, 'YYYY-MM-DD') AS date, activations, logins FROM counted ORDER BY day`;

/**
 * The rows each figure counts, for sqlTotal: `SELECT 1 FROM <from>`, read in
 * the order of an index led by app id `$1`.
 */
export const USERS_OF_APP = { from: 'users WHERE app_id = $1', orderBy: 'created_at DESC, id DESC' };
/** `$2`: the app's idle timeout in seconds. */
export const LIVE_SESSIONS_OF_APP = {
  from: `sessions s WHERE s.app_id = $1 AND ${liveSessionSql({ alias: 's', idleSeconds: '$2' })}`,
  orderBy: 's.created_at DESC',
};
/** `status`: the parameter that holds the status. */
export function licensesOfAppInStatus(status: string) {
  return { from: `licenses WHERE app_id = $1 AND status = ${status}`, orderBy: 'created_at DESC, id DESC' };
}
