import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/errors.js';
import { REDIS } from '../../common/redis.module.js';
import { Config } from '../../config/config.js';
import { rateLimitSubject } from './rate-limit-subject.js';

/** Name of this limit inside the shared throttler storage (part of its Redis keys). */
const THROTTLER_NAME = 'client';
/** Contract: the client `log` type is limited to 30 lines per session per minute. */
export const LOG_LINES_PER_WINDOW = 30;

/**
 * `rateLimitPerMinute` of an app, per client IP, on `register`, `login`,
 * `license` and `upgrade`, and log lines per session. Counts live in Redis (the throttler storage
 * configured in RateLimitModule), so every API process shares them.
 */
@Injectable()
export class ClientRateLimiter {
  private readonly logger = new Logger(ClientRateLimiter.name);
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
   * For `POST /v1`: counts one attempt of `ip` at `app`, or
   * throws AppError `TOO_MANY_REQUESTS` (429 `Too many requests`) with
   * `retryAfterSeconds` for the `Retry-After` header once the limit is
   * exceeded, until the window ends. `rateLimitPerMinute: 0` turns it off.
   */
  async consume(app: { id: string; rateLimitPerMinute: number }, ip: string): Promise<void> {
    if (app.rateLimitPerMinute <= 0) return;
    await this.count(`latchkey:client:${app.id}:${rateLimitSubject(ip)}`, app.rateLimitPerMinute);
  }

  /** The client `log` type: LOG_LINES_PER_WINDOW lines per session per window, so a session cannot flood the audit log. */
  async consumeLogLine(sessionId: string): Promise<void> {
    await this.count(`latchkey:client-log:${sessionId}`, LOG_LINES_PER_WINDOW);
  }

  /**
   * Without Redis the attempt is let through (and logged): a limiter outage
   * must not lock every user out, and passwords are still checked by bcrypt.
   * A connection that is not ready is not even asked: ioredis would hold the
   * command through its reconnect attempts, seconds in which every login waits.
   */
  private async count(key: string, limit: number): Promise<void> {
    let counted: { isBlocked: boolean; timeToBlockExpire: number };
    try {
      if (this.redis.status !== 'ready') throw new Error(`Redis connection is ${this.redis.status}`);
      counted = await this.storage.increment(key, this.windowMs, limit, this.windowMs, THROTTLER_NAME);
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
      throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.max(1, timeToBlockExpire) });
    }
  }
}
