import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { sqlRows, sqlTotal } from '../../common/sql.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { LIVE_SESSIONS_OF_APP, USERS_OF_APP } from '../stats/stats.queries.js';
import { KEYS_OF_APP, ONLINE_USERNAMES } from './keyauth.queries.js';

/** KeyAuth's `appinfo`: every figure a string, as its clients parse them. */
export interface KeyAuthAppInfo {
  numUsers: string;
  numOnlineUsers: string;
  numKeys: string;
  version: string;
  customerPanelLink: string;
}

/** How long an app's figures are served from memory: `init` asks for them on every launch of every copy. */
const APP_INFO_TTL_MS = 30_000;
/** Counted exactly up to this, then the planner's estimate (as the console's stats do). */
const EXACT_MAX = 10_000;
/** The most usernames `fetchOnline` lists. */
export const ONLINE_USERS_MAX = 1_000;

/** The figures KeyAuth clients show (`init`, `fetchStats`) and the online list (`fetchOnline`). */
@Injectable()
export class KeyAuthAppStats {
  /**
   * Each app's figures, or the count under way: every `init` that arrives
   * while they are counted waits for that one count, rather than each
   * starting three of its own when the entry expires under load.
   */
  private readonly figures = new LRUCache<string, Promise<Omit<KeyAuthAppInfo, 'version'>>>({
    max: 10_000,
    ttl: APP_INFO_TTL_MS,
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async appInfo(app: CachedApp): Promise<KeyAuthAppInfo> {
    let figures = this.figures.get(app.id);
    if (!figures) {
      figures = this.count(app);
      this.figures.set(app.id, figures);
      // A failed count is not kept: the next call counts again.
      figures.catch(() => this.figures.get(app.id) === figures && this.figures.delete(app.id));
    }
    return { ...(await figures), version: app.version };
  }

  private async count(app: CachedApp): Promise<Omit<KeyAuthAppInfo, 'version'>> {
    const [users, online, keys] = await Promise.all([
      sqlTotal(this.dataSource, USERS_OF_APP, [app.id], EXACT_MAX),
      sqlTotal(this.dataSource, LIVE_SESSIONS_OF_APP, [app.id, app.sessionIdleSeconds], EXACT_MAX),
      sqlTotal(this.dataSource, KEYS_OF_APP, [app.id], EXACT_MAX),
    ]);
    return {
      numUsers: String(users.total),
      numOnlineUsers: String(online.total),
      numKeys: String(keys.total),
      customerPanelLink: '',
    };
  }

  async onlineUsernames(app: CachedApp): Promise<string[]> {
    const rows = await sqlRows<{ username: string }>(this.dataSource, ONLINE_USERNAMES, [
      app.id,
      app.sessionIdleSeconds,
      ONLINE_USERS_MAX,
    ]);
    return rows.map((row) => row.username);
  }
}
