import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_WARNINGS, type HealthAnswer, type HealthWarning } from '@latchkey/contracts';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis.module.js';
import { sqlRows } from '../../common/sql.js';
import { PING, SHOW_AUTOVACUUM } from './health.queries.js';

const CHECK_TIMEOUT_MS = 2_000;
/** How long a read of the database's settings is reused: a setting changes by an operator's reload, rarely. */
const SETTINGS_CACHE_MS = 60_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/**
 * Whether this process's dependencies answer: PostgreSQL and Redis, each
 * within 2 s, and the database settings an operator should fix. The API's
 * `/health` and the worker's health listener both answer from it, so a probe
 * means the same on either process.
 */
@Injectable()
export class DependencyHealth {
  private settings: { warnings: HealthWarning[]; readAt: number } | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthAnswer> {
    const [db, redis] = await Promise.all([
      withTimeout(this.dataSource.query(PING)).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      withTimeout(this.redis.ping()).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const warnings = db === 'up' ? await this.settingsWarnings() : [];
    return { status: db === 'up' && redis === 'up' ? 'ok' : 'error', db, redis, warnings };
  }

  /** Warnings about the database's settings, read at most once a SETTINGS_CACHE_MS; none when they cannot be read. */
  private async settingsWarnings(): Promise<HealthWarning[]> {
    if (this.settings && Date.now() - this.settings.readAt < SETTINGS_CACHE_MS) return this.settings.warnings;
    try {
      const [setting] = await withTimeout(sqlRows<{ autovacuum: string }>(this.dataSource, SHOW_AUTOVACUUM));
      const warnings: HealthWarning[] =
        setting?.autovacuum === 'off' ? [{ code: 'AUTOVACUUM_OFF', message: HEALTH_WARNINGS.AUTOVACUUM_OFF }] : [];
      this.settings = { warnings, readAt: Date.now() };
      return warnings;
    } catch {
      return [];
    }
  }
}
