import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LICENSE_STATUSES, type AppStats } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { SessionPolicy } from '../sessions/sessions-admin.service.js';
import { sqlRows } from '../../common/sql.js';
import { APP_STATS, type StatsRow } from './stats.queries.js';

/** Days of activations and logins shown, today (UTC) included. */
export const STATS_DAYS = 30;

/**
 * An app's figures in one statement of aggregate queries, each over an index
 * led by app id: licenses by activation time, logins from the `user.login`
 * events (emitted by `login` and `license`, not by `register`), days in UTC.
 */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(app: SessionPolicy): Promise<AppStats> {
    const rows = await sqlRows<StatsRow>(this.dataSource, APP_STATS, [app.id, app.sessionIdleSeconds, STATS_DAYS]);
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
