import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';
import { Config } from '../../config/config.js';
import { adminThrottlerOptions } from './admin-throttler.js';
import { ClientRateLimiter } from './client-rate-limiter.js';
import { RateCounter } from './rate-counter.js';

/**
 * Rate limits on the throttler of @nestjs/throttler with its counts in Redis,
 * shared by every API process. Its one configured throttler guards the admin
 * sign-in routes (SignInThrottlerGuard per client on login and signup,
 * AccountThrottlerGuard per client and per account on password change);
 * RateCounter counts other limits in the same storage: ClientRateLimiter (the
 * apps' `rateLimitPerMinute`) and the resellers module's creation limit.
 * ThrottlerModule is global, so the guards resolve in any module.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [Config, REDIS],
      useFactory: (config: Config, redis: Redis) => adminThrottlerOptions(config, redis),
    }),
  ],
  providers: [RateCounter, ClientRateLimiter],
  exports: [RateCounter, ClientRateLimiter],
})
export class RateLimitModule {}
