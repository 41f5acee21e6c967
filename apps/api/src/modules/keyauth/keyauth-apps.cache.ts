import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { decryptWithMasterKey } from '../../common/crypto.js';
import { InvalidatedCache } from '../../common/invalidated-cache.js';
import { REDIS } from '../../common/redis.module.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { pairKey, toKeyAuthApp, type KeyAuthApp } from './keyauth-app.js';
import { FIND_KEYAUTH_APP_BY_PAIR, type KeyAuthAppRow } from './keyauth.queries.js';

const INVALIDATION_CHANNEL = 'latchkey:keyauth-apps:invalidate';
/** Safety net should an invalidation message be missed. */
const POSITIVE_TTL_MS = 60_000;
/** Unknown pairs are remembered briefly so a flood of them does not reach the database. */
const NEGATIVE_TTL_MS = 5_000;

/**
 * In-process cache of KeyAuth settings by (ownerid, name), like
 * AppCredentialsCache for `/v1`: a compat call costs no database round trip
 * to find its app. A settings change invalidates the pair it had and the pair
 * it has, here and in every other process.
 */
@Injectable()
export class KeyAuthAppsCache implements OnModuleInit, OnApplicationShutdown {
  private readonly cache: InvalidatedCache<KeyAuthApp | null>;

  constructor(config: Config, @Inject(REDIS) redis: Redis, @InjectDataSource() dataSource: DataSource) {
    const unseal = (sealed: Buffer) => decryptWithMasterKey(config.masterKey, sealed);
    this.cache = new InvalidatedCache(redis, {
      channel: INVALIDATION_CHANNEL,
      load: async (key) => {
        const separator = key.indexOf(':');
        const [row] = await sqlRows<KeyAuthAppRow>(dataSource, FIND_KEYAUTH_APP_BY_PAIR, [
          key.slice(0, separator),
          key.slice(separator + 1),
        ]);
        return row ? toKeyAuthApp(row, unseal) : null;
      },
      ttlMs: (app) => (app ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS),
      maxEntries: 50_000,
      logger: new Logger(KeyAuthAppsCache.name),
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.cache.stop();
  }

  async get(ownerId: string, name: string): Promise<KeyAuthApp | null> {
    return this.cache.get(pairKey(ownerId, name));
  }

  /** Drops the pairs here and in every other process. Call after the change has committed. */
  async invalidate(...pairs: { ownerId: string; name: string }[]): Promise<void> {
    await Promise.all(pairs.map(({ ownerId, name }) => this.cache.invalidate(pairKey(ownerId, name))));
  }
}
