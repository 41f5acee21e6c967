import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AdminMessage } from '@latchkey/contracts';
import { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';
import { Config } from '../../config/config.js';
import { ClientRateLimiter } from './client-rate-limiter.js';
import { RateCounter } from './rate-counter.js';

/**
 * Rate limits on the throttler of @nestjs/throttler with its counts in Redis,
 * shared by every API process. Its one configured throttler guards
 * `POST /v1/admin/auth/login` (ThrottlerGuard on that route, per client IP);
 * RateCounter counts other limits in the same storage: ClientRateLimiter (the
 * apps' `rateLimitPerMinute`) and the resellers module's creation limit.
 * ThrottlerModule is global, so the guard resolves in any module.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [Config, REDIS],
      useFactory: (config: Config, redis: Redis) => ({
        throttlers: [
          {
            ttl: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
            limit: config.ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE,
          },
        ],
        skipIf: () => config.ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE === 0,
        errorMessage: AdminMessage.tooManyRequests,
        // Passed the shared connection, the storage leaves closing it to RedisModule.
        storage: new ThrottlerStorageRedisService(redis),
      }),
    }),
  ],
  providers: [RateCounter, ClientRateLimiter],
  exports: [RateCounter, ClientRateLimiter],
})
export class RateLimitModule {}
