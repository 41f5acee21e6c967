import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DataSource } from 'typeorm';
import { Config } from '../../config/config.js';
import { decryptWithMasterKey, keyIdOf, loadSigningKey, ResponseSigner } from '../../common/crypto.js';
import { InvalidatedCache } from '../../common/invalidated-cache.js';
import { SigningThread, signingThreadHelps } from '../../common/signing-thread.js';
import { apiProcessCount } from '../../common/start-up-summary.js';
import { REDIS } from '../../common/redis.module.js';
import { isUuid } from '../../common/id-param.js';
import { sqlRows } from '../../common/sql.js';
import { type AppSettings, settingsOf } from './app-settings.js';
import { type AppCredentialsRow, GET_APP_CREDENTIALS } from './apps.queries.js';

/** What the client endpoint needs of an app, with its signing key ready to use. */
export interface CachedApp extends AppSettings {
  id: string;
  /** the `kid` of its offline tickets */
  keyId: string;
  apiKeyHash: Buffer;
  signingKey: KeyObject;
  /** signs `POST /v1` answers with `signingKey` */
  responseSigner: ResponseSigner;
}

const INVALIDATION_CHANNEL = 'latchkey:apps:invalidate';
/** Safety net should an invalidation message be missed (e.g. during a Redis restart). */
const POSITIVE_TTL_MS = 60_000;
/** Unknown appIds are remembered briefly so a flood of bad ids does not reach the database. */
const NEGATIVE_TTL_MS = 5_000;

/**
 * In-process cache of app credentials for `POST /v1`, so `init` costs no
 * database round trip. Every change to an app calls `invalidate`, which drops
 * the entry here at once and in every other process through Redis pub/sub.
 */
@Injectable()
export class AppCredentialsCache implements OnModuleInit, OnApplicationShutdown {
  private readonly masterKey: Buffer;
  private readonly cache: InvalidatedCache<CachedApp | null>;
  /** Signs answers off the event loop when the machine has a core to spare for it (docs/decisions/performance.md). */
  private readonly signingThread: SigningThread | null;

  constructor(config: Config, @Inject(REDIS) redis: Redis, @InjectDataSource() dataSource: DataSource) {
    this.masterKey = config.masterKey;
    const cores = availableParallelism();
    this.signingThread = signingThreadHelps(apiProcessCount(config, cores), cores) ? new SigningThread() : null;
    this.cache = new InvalidatedCache(redis, {
      channel: INVALIDATION_CHANNEL,
      load: async (appId) => {
        const [row] = await sqlRows<AppCredentialsRow>(dataSource, GET_APP_CREDENTIALS, [appId]);
        return row ? this.toCached(row) : null;
      },
      ttlMs: (app) => (app ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS),
      maxEntries: 50_000,
      logger: new Logger(AppCredentialsCache.name),
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cache.stop();
    await this.signingThread?.close();
  }

  async get(appId: string): Promise<CachedApp | null> {
    return isUuid(appId) ? this.cache.get(appId) : null;
  }

  /** Drops the app here and in every other process. Call after the change has committed. */
  invalidate(appId: string): Promise<void> {
    return this.cache.invalidate(appId);
  }

  private toCached(row: AppCredentialsRow): CachedApp {
    const signingKey = loadSigningKey(decryptWithMasterKey(this.masterKey, row.private_key_sealed));
    return {
      id: row.id,
      ...settingsOf(row),
      keyId: keyIdOf(row.public_key),
      apiKeyHash: row.api_key_hash,
      signingKey,
      responseSigner: new ResponseSigner(signingKey, this.signingThread),
    };
  }
}
