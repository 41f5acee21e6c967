import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LICENSE_STATUSES, type AppStats, type DailyCount } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { SessionPolicy } from '../sessions/sessions-admin.service.js';
import { liveSessionSql } from '../sessions/session-rules.js';

/** Days of activations and logins shown, today (UTC) included. */
export const STATS_DAYS = 30;

interface StatsRow {
  users: number;
  active_sessions: number;
  licenses: Record<string, number>;
  activations: DailyCount[];
  logins: DailyCount[];
}

/**
 * An app's figures in one statement of aggregate queries, each over an index
 * led by app id: licenses by activation time, logins from the `user.login`
 * events (emitted by `login` and `license`, not by `register`), days in UTC.
 */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(app: SessionPolicy): Promise<AppStats> {
    const rows: StatsRow[] = await this.dataSource.query(
      `WITH days AS (
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
            FROM days d LEFT JOIN logins l ON l.day = d.day) AS logins`,
      [app.id, app.sessionIdleSeconds, STATS_DAYS],
    );
    const row = rows[0]!;
    const licenses = { UNUSED: 0, USED: 0, BANNED: 0, EXPIRED: 0, total: 0 };
    for (const status of LICENSE_STATUSES) {
      licenses[status] = row.licenses[status] ?? 0;
      licenses.total += licenses[status];
    }
    return {
      users: row.users,
      activeSessions: row.active_sessions,
      licenses,
      activations: row.activations,
      logins: row.logins,
    };
  }
}
