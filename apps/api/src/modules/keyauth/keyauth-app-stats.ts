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
  private readonly figures = new LRUCache<string, Omit<KeyAuthAppInfo, 'version'>>({
    max: 10_000,
    ttl: APP_INFO_TTL_MS,
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async appInfo(app: CachedApp): Promise<KeyAuthAppInfo> {
    let figures = this.figures.get(app.id);
    if (!figures) {
      const [users, online, keys] = await Promise.all([
        sqlTotal(this.dataSource, USERS_OF_APP, [app.id], EXACT_MAX),
        sqlTotal(this.dataSource, LIVE_SESSIONS_OF_APP, [app.id, app.sessionIdleSeconds], EXACT_MAX),
        sqlTotal(this.dataSource, KEYS_OF_APP, [app.id], EXACT_MAX),
      ]);
      figures = {
        numUsers: String(users.total),
        numOnlineUsers: String(online.total),
        numKeys: String(keys.total),
        customerPanelLink: '',
      };
      this.figures.set(app.id, figures);
    }
    return { ...figures, version: app.version };
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
