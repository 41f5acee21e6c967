import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/errors.js';
import { REDIS } from '../../common/redis.module.js';
import { Config } from '../../config/config.js';
import { rateLimitRefusals } from './rate-limit-metrics.js';

/**
 * Counts attempts per key in the throttler storage configured in
 * RateLimitModule (Redis), so every API process shares the counts; the
 * window is RATE_LIMIT_WINDOW_SECONDS.
 */
@Injectable()
export class RateCounter {
  private readonly logger = new Logger('RateLimit');
  private readonly windowMs: number;
  /** Whether the last attempt found the store unavailable: the warning is logged once per outage, not per call. */
  private storeDown = false;

  constructor(
    config: Config,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    /** The connection the storage counts on (RateLimitModule gives it this one). */
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  }

  /**
   * Counts one attempt of `key` (named `name` in the storage), or throws
   * AppError `TOO_MANY_REQUESTS` (429 `Too many requests`) with
   * `retryAfterSeconds` for the `Retry-After` header once more than `limit`
   * were counted, until the window ends.
   *
   * Without Redis the attempt is let through (and logged): a limiter outage
   * must not lock everyone out. A connection that is not ready is not even
   * asked: ioredis would hold the command through its reconnect attempts,
   * seconds in which every request waits.
   */
  async count(name: string, key: string, limit: number): Promise<void> {
    let counted: { isBlocked: boolean; timeToBlockExpire: number };
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis connection is ${this.redis.status}`);
      counted = await this.storage.increment(key, this.windowMs, limit, this.windowMs, name);
    } catch (err) {
      if (!this.storeDown) {
        this.logger.warn(`rate limits not applied until their store is back: ${(err as Error).message}`);
      }
      this.storeDown = true;
      return;
    }
    if (this.storeDown) this.logger.warn('rate limits applied again: their store is back');
    this.storeDown = false;
    const { isBlocked, timeToBlockExpire } = counted;
    if (isBlocked) {
      rateLimitRefusals.labels(name).inc();
      throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.max(1, timeToBlockExpire) });
    }
  }
}
