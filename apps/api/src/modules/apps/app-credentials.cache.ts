import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import type { KeyObject } from 'node:crypto';
import { Repository } from 'typeorm';
import { Config } from '../../config/config.js';
import { decryptWithMasterKey, loadSigningKey } from '../../common/crypto.js';
import { REDIS } from '../../common/redis.module.js';
import { isUuid } from '../../common/admin-response.js';
import { AppEntity } from './app.entity.js';

/** What the client endpoint needs of an app, with its signing key ready to use. */
export interface CachedApp {
  id: string;
  name: string;
  version: string;
  updateUrl: string | null;
  enabled: boolean;
  hwidLock: boolean;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  rateLimitPerMinute: number;
  apiKeyHash: Buffer;
  signingKey: KeyObject;
}

const INVALIDATION_CHANNEL = 'latchkey:apps:invalidate';
/** Safety net should an invalidation message be missed (e.g. during a Redis restart). */
const POSITIVE_TTL_MS = 60_000;
/** Unknown appIds are remembered briefly so a flood of bad ids does not reach the database. */
const NEGATIVE_TTL_MS = 5_000;
/** Bounds memory when many distinct appIds are tried; the oldest entry goes first. */
const MAX_ENTRIES = 50_000;

interface Entry {
  app: CachedApp | null;
  expiresAt: number;
}

/**
 * In-process cache of app credentials for `POST /v1`, so `init` costs no
 * database round trip. Every change to an app calls `invalidate`, which drops
 * the entry here at once and in every other process through Redis pub/sub.
 */
@Injectable()
export class AppCredentialsCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AppCredentialsCache.name);
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedApp | null>>();
  /** Bumped on invalidation so a load that started before it cannot store stale data. */
  private readonly generations = new Map<string, number>();
  private readonly masterKey: Buffer;
  private subscriber?: Redis;

  constructor(
    config: Config,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectRepository(AppEntity) private readonly apps: Repository<AppEntity>,
  ) {
    this.masterKey = Buffer.from(config.MASTER_KEY, 'base64');
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, appId: string) => this.evict(appId));
    // After a reconnect messages may have been missed: start from an empty cache.
    this.subscriber.on('ready', () => this.entries.clear());
    await this.subscriber.subscribe(INVALIDATION_CHANNEL);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  async get(appId: string): Promise<CachedApp | null> {
    const entry = this.entries.get(appId);
    if (entry && entry.expiresAt > Date.now()) return entry.app;
    if (!isUuid(appId)) return null;
    let pending = this.loading.get(appId);
    if (!pending) {
      pending = this.load(appId).finally(() => this.loading.delete(appId));
      this.loading.set(appId, pending);
    }
    return pending;
  }

  /** Drops the app here and in every other process. Call after the change has committed. */
  async invalidate(appId: string): Promise<void> {
    this.evict(appId);
    await this.redis.publish(INVALIDATION_CHANNEL, appId).catch((err: Error) => {
      this.logger.warn(`could not publish app invalidation: ${err.message}`);
    });
  }

  private evict(appId: string): void {
    this.entries.delete(appId);
    this.generations.set(appId, (this.generations.get(appId) ?? 0) + 1);
  }

  private async load(appId: string): Promise<CachedApp | null> {
    const generation = this.generations.get(appId) ?? 0;
    const row = await this.apps.findOneBy({ id: appId });
    const app = row ? this.toCached(row) : null;
    if ((this.generations.get(appId) ?? 0) === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(appId, { app, expiresAt: Date.now() + (app ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS) });
    }
    return app;
  }

  private toCached(row: AppEntity): CachedApp {
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      updateUrl: row.updateUrl,
      enabled: row.enabled,
      hwidLock: row.hwidLock,
      sessionTtlSeconds: row.sessionTtlSeconds,
      sessionIdleSeconds: row.sessionIdleSeconds,
      rateLimitPerMinute: row.rateLimitPerMinute,
      apiKeyHash: row.apiKeyHash,
      signingKey: loadSigningKey(decryptWithMasterKey(this.masterKey, row.privateKeySealed)),
    };
  }
}
