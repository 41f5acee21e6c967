import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InvalidatedCache } from '../../common/invalidated-cache.js';
import { REDIS } from '../../common/redis.module.js';
import { sqlRows } from '../../common/sql.js';
import { BlacklistMatcher, type BlacklistRule } from './blacklist-matcher.js';
import { APP_RULES } from './blacklist.queries.js';

const INVALIDATION_CHANNEL = 'latchkey:blacklist:invalidate';
/** Safety net should an invalidation message be missed (e.g. during a Redis restart). */
const TTL_MS = 60_000;

/**
 * Each app's blacklist compiled in process, so `POST /v1` checks it without a
 * database round trip (an app with no entries costs a Map lookup). Loaded on
 * first use; every change calls `invalidate`, which drops the app here at
 * once and in every other process through Redis pub/sub.
 */
@Injectable()
export class BlacklistCache implements OnModuleInit, OnApplicationShutdown {
  private readonly cache: InvalidatedCache<BlacklistMatcher>;

  constructor(
    @Inject(REDIS) redis: Redis,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.cache = new InvalidatedCache(redis, {
      channel: INVALIDATION_CHANNEL,
      load: async (appId) => {
        const rules = await sqlRows<BlacklistRule>(this.dataSource, APP_RULES, [appId]);
        return rules.length === 0 ? BlacklistMatcher.EMPTY : new BlacklistMatcher(rules);
      },
      ttlMs: () => TTL_MS,
      maxEntries: 50_000,
      logger: new Logger(BlacklistCache.name),
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.cache.stop();
  }

  /** The app's compiled blacklist. `appId` must be a known app's id (the caller has resolved the app). */
  get(appId: string): BlacklistMatcher | Promise<BlacklistMatcher> {
    return this.cache.get(appId);
  }

  /** Drops the app here and in every other process. Call after the change has committed. */
  invalidate(appId: string): Promise<void> {
    return this.cache.invalidate(appId);
  }
}
