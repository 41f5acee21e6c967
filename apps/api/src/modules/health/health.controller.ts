import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis.module.js';
import { HEALTH_WARNINGS, type HealthAnswer, type HealthWarning } from '@latchkey/contracts';
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

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private settings: { warnings: HealthWarning[]; readAt: number } | null = null;

  @Get()
  @ApiOperation({
    summary:
      'Liveness and dependencies: 200 when PostgreSQL and Redis answer, else 503; `warnings` an operator should fix',
  })
  async check(@Res() reply: FastifyReply): Promise<void> {
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
    const healthy = db === 'up' && redis === 'up';
    const warnings = db === 'up' ? await this.settingsWarnings() : [];
    const answer: HealthAnswer = { status: healthy ? 'ok' : 'error', db, redis, warnings };
    reply.status(healthy ? 200 : 503).send(answer);
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
