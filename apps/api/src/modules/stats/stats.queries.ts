import type { DailyCount } from '@latchkey/contracts';
import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * The stats module's statements: it owns `app_activity_days` and reads other
 * modules' tables (docs/data-access.md).
 */

export interface ActivityRow {
  activations: DailyCount[];
  logins: DailyCount[];
}

/**
 * The app `$1`'s activations and logins per UTC day over the last `$2` days.
 * A day that closed over an hour ago (so no transaction that stamped it is
 * still open) is read from `app_activity_days`, one row; the days not stored
 * there yet (today, yesterday's first hour, and any closed day no call has
 * stored) are counted from the rows (licenses by activation time through
 * licenses_app_activated_idx, `user.login` events through
 * events_app_name_created_idx), from the first such day on, and the closed
 * ones among them are stored. So a call reads ~30 stored rows and the open
 * days' rows, whatever the app's size or its activity over the window; the
 * first call of a day stores the day before. Counted here rather than read
 * back from the insert, so two calls storing the same day at once both
 * answer it.
 */
export const APP_ACTIVITY = `WITH days AS (
     SELECT d::date AS day
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date,
                            interval '1 day') d),
   stored AS (
     SELECT day, activations, logins FROM app_activity_days
      WHERE app_id = $1 AND day >= (SELECT min(day) FROM days)),
   unstored AS (SELECT day FROM days WHERE day NOT IN (SELECT day FROM stored)),
   since AS (SELECT (min(day)::timestamp AT TIME ZONE 'UTC') AS at FROM unstored),
   activations AS (
     SELECT (activated_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM licenses WHERE app_id = $1 AND activated_at >= (SELECT at FROM since)
      GROUP BY 1),
   logins AS (
     SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM events WHERE app_id = $1 AND name = 'user.login' AND created_at >= (SELECT at FROM since)
      GROUP BY 1),
   counted AS (
     SELECT u.day, coalesce(a.n, 0) AS activations, coalesce(l.n, 0) AS logins
       FROM unstored u LEFT JOIN activations a ON a.day = u.day LEFT JOIN logins l ON l.day = u.day),
   newly_stored AS (
     INSERT INTO app_activity_days (app_id, day, activations, logins)
     SELECT $1, day, activations, logins FROM counted
      WHERE ((day + 1)::timestamp AT TIME ZONE 'UTC') <= now() - interval '1 hour'
     ON CONFLICT (app_id, day) DO NOTHING),
   activity AS (SELECT * FROM stored UNION ALL SELECT * FROM counted)
   SELECT jsonb_agg(jsonb_build_object('date', to_char(day, 'YYYY-MM-DD'), 'count', activations) ORDER BY day)
            AS activations,
          jsonb_agg(jsonb_build_object('date', to_char(day, 'YYYY-MM-DD'), 'count', logins) ORDER BY day) AS logins
     FROM activity`;

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
/** `$2`: the status. */
export const LICENSES_OF_APP_IN_STATUS = {
  from: 'licenses WHERE app_id = $1 AND status = $2',
  orderBy: 'created_at DESC, id DESC',
};
