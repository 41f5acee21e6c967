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

type CountedFigures = Omit<KeyAuthAppInfo, 'version'>;

/** An app's figures in the cache: the count, its result once in, and the answer last made with the app's version. */
interface AppFigures {
  counting: Promise<CountedFigures>;
  counted?: CountedFigures;
  /** shared by every answer until the figures expire or the version changes, so frozen */
  answer?: Readonly<KeyAuthAppInfo>;
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
   * Each app's figures: the count under way, then the answer made from them.
   * Every `init` that arrives while they are counted waits for that one count,
   * rather than each starting three of its own when the entry expires under
   * load; once counted, `init` takes the answer as it is, without waiting.
   */
  private readonly figures = new LRUCache<string, AppFigures>({ max: 10_000, ttl: APP_INFO_TTL_MS });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The app's figures: at once when counted in the last APP_INFO_TTL_MS, else once the count is done. */
  appInfo(app: CachedApp): Readonly<KeyAuthAppInfo> | Promise<Readonly<KeyAuthAppInfo>> {
    const entry = this.figures.get(app.id) ?? this.startCount(app);
    if (entry.counted) return answerOf(entry, entry.counted, app.version);
    return entry.counting.then((counted) => answerOf(entry, counted, app.version));
  }

  private startCount(app: CachedApp): AppFigures {
    const entry: AppFigures = { counting: this.count(app) };
    this.figures.set(app.id, entry);
    entry.counting.then(
      (counted) => (entry.counted = counted),
      // A failed count is not kept: the next call counts again.
      () => this.figures.get(app.id) === entry && this.figures.delete(app.id),
    );
    return entry;
  }

  private async count(app: CachedApp): Promise<CountedFigures> {
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

/** The entry's answer for `version`, made anew only when the app's version is not the one it was made with. */
function answerOf(entry: AppFigures, counted: CountedFigures, version: string): Readonly<KeyAuthAppInfo> {
  if (entry.answer?.version !== version) entry.answer = Object.freeze({ ...counted, version });
  return entry.answer;
}
