import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis.module.js';
import { PING } from './health.queries.js';

const CHECK_TIMEOUT_MS = 2_000;

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

  @Get()
  @ApiOperation({ summary: 'Liveness and dependencies: 200 when PostgreSQL and Redis answer, else 503' })
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
    reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'error', db, redis });
  }
}
