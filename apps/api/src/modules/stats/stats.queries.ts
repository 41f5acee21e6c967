import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * The stats module's statements: it owns `app_activity_days` and
 * `app_activity_hours` and reads other modules' tables (docs/data-access.md).
 */

/**
 * One UTC day of activity: `activations` and `logins` are null for a day not
 * stored in app_activity_days; `countedUntil`, for such a day, ends its
 * stored hours (app_activity_hours), which run unbroken from its midnight.
 */
export interface ActivityDayRow {
  date: string;
  activations: number | null;
  logins: number | null;
  countedUntil?: Date | null;
}

/**
 * The last `$2` UTC days (today last) by PostgreSQL's clock, each with the
 * app `$1`'s stored activity when app_activity_days has it (~30 rows of its
 * primary key), and for a day it has not, where its stored hours end (a
 * backward step down app_activity_hours' primary key).
 */
export const ACTIVITY_DAYS = `SELECT to_char(d, 'YYYY-MM-DD') AS date, s.activations, s.logins,
       CASE WHEN s.day IS NULL THEN
         (SELECT max(h.hour) + interval '1 hour' FROM app_activity_hours h
           WHERE h.app_id = $1 AND h.hour >= d::date::timestamp AT TIME ZONE 'UTC'
             AND h.hour < (d::date + 1)::timestamp AT TIME ZONE 'UTC') END AS "countedUntil"
  FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date,
                       interval '1 day') d
  LEFT JOIN app_activity_days s ON s.app_id = $1 AND s.day = d::date
  ORDER BY d`;

/**
 * The app `$1`'s activations (licenses by activation time, through
 * licenses_app_activated_idx) and logins (`user.login` events, through
 * events_app_name_created_idx) per UTC day from the UTC hour `$2` to today:
 * the rows from `$2` on counted per hour, plus the hours of `$2`'s day
 * stored before it. Of what it counted, the days that closed over an hour
 * ago (so no transaction that stamped them is still open) are stored in
 * app_activity_days and the hours of the other days that ended over an hour
 * ago in app_activity_hours, zeros included, for later calls to read
 * instead; hours of days past the window are deleted. The rows, and a zero
 * per hour, are summed from one UNION ALL, never joined to a series of days:
 * with no idea how many days an aggregate makes, the planner multiplied such
 * joins to 200 million rows, and JIT-compiled the statement (200 ms of 256 on
 * a launch day, docs/decisions.md "Stats at a million keys"). The bound is the
 * parameter itself, not a subquery, so the planner sees how few rows it
 * reads (with a subquery's unknown bound it expected a third of the app's
 * rows and chose a sequential scan, or JIT-compiled the statement).
 */
export const COUNT_ACTIVITY_FROM = `WITH counted_hours AS (
     SELECT hour, sum(activations)::int AS activations, sum(logins)::int AS logins FROM (
       SELECT date_trunc('hour', activated_at, 'UTC') AS hour, 1 AS activations, 0 AS logins
         FROM licenses WHERE app_id = $1 AND activated_at >= $2::timestamptz
       UNION ALL
       SELECT date_trunc('hour', created_at, 'UTC'), 0, 1
         FROM events WHERE app_id = $1 AND name = 'user.login' AND created_at >= $2::timestamptz
       UNION ALL
       SELECT h, 0, 0 FROM generate_series($2::timestamptz, now(), interval '1 hour') h) r
      GROUP BY hour),
   counted AS (
     SELECT day, sum(activations)::int AS activations, sum(logins)::int AS logins FROM (
       SELECT (hour AT TIME ZONE 'UTC')::date AS day, activations, logins FROM counted_hours
       UNION ALL
       SELECT (hour AT TIME ZONE 'UTC')::date, activations, logins FROM app_activity_hours
        WHERE app_id = $1 AND hour < $2::timestamptz
          AND hour >= ($2::timestamptz AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE 'UTC') d
      GROUP BY day),
   stored AS (
     INSERT INTO app_activity_days (app_id, day, activations, logins)
     SELECT $1, day, activations, logins FROM counted
      WHERE ((day + 1)::timestamp AT TIME ZONE 'UTC') <= now() - interval '1 hour'
     ON CONFLICT (app_id, day) DO NOTHING),
   stored_hours AS (
     INSERT INTO app_activity_hours (app_id, hour, activations, logins)
     SELECT $1, hour, activations, logins FROM counted_hours
      WHERE hour + interval '1 hour' <= now() - interval '1 hour'
        AND (((hour AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC') > now() - interval '1 hour'
     ON CONFLICT (app_id, hour) DO NOTHING),
   pruned AS (
     DELETE FROM app_activity_hours
      WHERE app_id = $1 AND hour < ((now() AT TIME ZONE 'UTC')::date - 31)::timestamp AT TIME ZONE 'UTC')
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
