import type { DailyCount } from '@latchkey/contracts';
import { liveSessionSql } from '../sessions/session-rules.js';

/* The stats module's statements; it reads other modules' tables and writes none (docs/data-access.md). */

export interface ActivityRow {
  activations: DailyCount[];
  logins: DailyCount[];
}

/**
 * The app `$1`'s activations and logins per UTC day over the last `$2` days,
 * each over an index led by app id and bounded by that window.
 */
export const APP_ACTIVITY = `WITH days AS (
     SELECT d::date AS day
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date,
                            interval '1 day') d),
   since AS (SELECT (min(day)::timestamp AT TIME ZONE 'UTC') AS at FROM days),
   activations AS (
     SELECT (activated_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM licenses WHERE app_id = $1 AND activated_at >= (SELECT at FROM since)
      GROUP BY 1),
   logins AS (
     SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
       FROM events WHERE app_id = $1 AND name = 'user.login' AND created_at >= (SELECT at FROM since)
      GROUP BY 1)
   SELECT
     (SELECT jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(a.n, 0))
                       ORDER BY d.day)
        FROM days d LEFT JOIN activations a ON a.day = d.day) AS activations,
     (SELECT jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(l.n, 0))
                       ORDER BY d.day)
        FROM days d LEFT JOIN logins l ON l.day = d.day) AS logins`;

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
