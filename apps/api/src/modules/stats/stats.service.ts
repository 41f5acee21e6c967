import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LICENSE_STATUSES, STATS_EXACT_MAX, type AppStats, type StatsFigure } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { SessionPolicy } from '../sessions/sessions-admin.service.js';
import { sqlRows, sqlTotals } from '../../common/sql.js';
import {
  ACTIVITY_DAYS,
  COUNT_ACTIVITY_FROM,
  licensesOfAppInStatus,
  LIVE_SESSIONS_OF_APP,
  USERS_OF_APP,
  type ActivityDayRow,
} from './stats.queries.js';

/** The counted figures of stats, over `$1` = app id, `$2` = its idle timeout, then one status a parameter. */
export const STATS_COUNTS = [
  USERS_OF_APP,
  LIVE_SESSIONS_OF_APP,
  ...LICENSE_STATUSES.map((_, i) => licensesOfAppInStatus(`$${i + 3}`)),
];

type Counted = Awaited<ReturnType<typeof sqlTotals>>[number];

export function statsCountParameters(app: Pick<SessionPolicy, 'id' | 'sessionIdleSeconds'>): unknown[] {
  return [app.id, app.sessionIdleSeconds, ...LICENSE_STATUSES];
}

/** Days of activations and logins shown, today (UTC) included. */
export const STATS_DAYS = 30;

/**
 * An app's figures. Users, live sessions and licenses per status are counted
 * like list totals (sqlTotals: exact up to STATS_EXACT_MAX, the six in one
 * statement and their estimates in one plan, an estimate past it, named in
 * `estimated`), so no call reads a large app's every row; activations
 * and logins per UTC day (licenses by activation time, the `user.login`
 * events emitted by `login` and `license`) are read per closed day from
 * `app_activity_days` and per settled hour of an open day from
 * `app_activity_hours`, which the call fills as days close and hours
 * settle, and counted from the rows only after those (activity()).
 */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(app: SessionPolicy): Promise<AppStats> {
    const [activity, [users, activeSessions, ...byStatus]] = await Promise.all([
      this.activity(app.id),
      sqlTotals(this.dataSource, STATS_COUNTS, statsCountParameters(app), STATS_EXACT_MAX) as Promise<
        [Counted, Counted, ...Counted[]]
      >,
    ]);
    const estimated: StatsFigure[] = [];
    if (users.totalIsEstimate) estimated.push('users');
    if (activeSessions.totalIsEstimate) estimated.push('activeSessions');
    const licenses = { UNUSED: 0, USED: 0, BANNED: 0, EXPIRED: 0, total: 0 };
    LICENSE_STATUSES.forEach((status, i) => {
      licenses[status] = byStatus[i]!.total;
      licenses.total += byStatus[i]!.total;
      if (byStatus[i]!.totalIsEstimate) estimated.push(`licenses.${status}`);
    });
    if (byStatus.some((count) => count.totalIsEstimate)) estimated.push('licenses.total');
    return {
      users: users.total,
      activeSessions: activeSessions.total,
      licenses,
      ...activity,
      ...(estimated.length > 0 ? { estimated } : {}),
    };
  }

  /**
   * Activations and logins per UTC day of the window: stored days as stored,
   * the rest (from the first day not stored on, today at least) from its
   * stored hours and the rows after them, which stores the days that have
   * closed and the hours that have settled (COUNT_ACTIVITY_FROM).
   */
  private async activity(appId: string): Promise<Pick<AppStats, 'activations' | 'logins'>> {
    const days = await sqlRows<ActivityDayRow>(this.dataSource, ACTIVITY_DAYS, [appId, STATS_DAYS]);
    const firstUncounted = days.find((day) => day.logins === null);
    const from = firstUncounted && new Date(firstUncounted.countedUntil ?? `${firstUncounted.date}T00:00:00Z`);
    const counted = from
      ? await sqlRows<ActivityDayRow>(this.dataSource, COUNT_ACTIVITY_FROM, [appId, from.toISOString()])
      : [];
    const countedByDate = new Map(counted.map((day) => [day.date, day]));
    const series = (figure: 'activations' | 'logins') =>
      days.map(({ date, ...stored }) => ({ date, count: stored[figure] ?? countedByDate.get(date)?.[figure] ?? 0 }));
    return { activations: series('activations'), logins: series('logins') };
  }
}
