import type { DailyCount } from '@latchkey/contracts';
import { liveSessionSql } from '../sessions/session-rules.js';

/* The stats module's one statement; it reads other modules' tables and writes none (docs/data-access.md). */

export interface StatsRow {
  users: number;
  active_sessions: number;
  licenses: Record<string, number>;
  activations: DailyCount[];
  logins: DailyCount[];
}

/**
 * The app `$1`'s figures (idle timeout `$2`, over the last `$3` days) in one
 * statement of aggregate queries, each over an index led by app id.
 */
export const APP_STATS = `WITH days AS (
     SELECT d::date AS day
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($3::int - 1), (now() AT TIME ZONE 'UTC')::date,
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
     (SELECT count(*)::int FROM users WHERE app_id = $1) AS users,
     (SELECT count(*)::int FROM sessions s
       WHERE s.app_id = $1 AND ${liveSessionSql({ alias: 's', idleSeconds: '$2' })}) AS active_sessions,
     (SELECT coalesce(jsonb_object_agg(status, n), '{}')
        FROM (SELECT status, count(*)::int AS n FROM licenses WHERE app_id = $1 GROUP BY status) l) AS licenses,
     (SELECT jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(a.n, 0))
                       ORDER BY d.day)
        FROM days d LEFT JOIN activations a ON a.day = d.day) AS activations,
     (SELECT jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(l.n, 0))
                       ORDER BY d.day)
        FROM days d LEFT JOIN logins l ON l.day = d.day) AS logins`;
