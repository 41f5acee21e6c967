import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import type { Config } from '../../config/config.js';

// @nestjs/throttler's CommonJS build cannot load the ESM-only @nestjs/common
// under Jest; the limiter needs only its injection decorator, a no-op here.
jest.unstable_mockModule('@nestjs/throttler', () => ({ InjectThrottlerStorage: () => () => undefined }));
const { ClientRateLimiter } = await import('./client-rate-limiter.js');
const { RateCounter } = await import('./rate-counter.js');

const app = { id: 'app-1', rateLimitPerMinute: 2 };
const config = { RATE_LIMIT_WINDOW_SECONDS: 60 } as Config;

/** A store that counts hits per key, over a connection whose status the test sets. */
function limiter(status: string, increment?: () => Promise<never>) {
  const hits = new Map<string, number>();
  const storage = {
    increment:
      increment ??
      (async (key: string, _ttl: number, limit: number) => {
        const total = (hits.get(key) ?? 0) + 1;
        hits.set(key, total);
        return { totalHits: total, timeToExpire: 60, isBlocked: total > limit, timeToBlockExpire: 60 };
      }),
  } as unknown as ThrottlerStorage;
  const redis = { status } as Redis;
  const limiter = new ClientRateLimiter(new RateCounter(config, storage, redis));
  return { limiter, hits, redis: redis as { status: string } };
}

describe('ClientRateLimiter', () => {
  let warnings: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    warnings.mockClear();
  });

  it('refuses past the limit with 429 Too many requests', async () => {
    const { limiter: subject } = limiter('ready');
    await subject.consume(app, '203.0.113.7');
    await subject.consume(app, '203.0.113.7');
    await expect(subject.consume(app, '203.0.113.7')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('lets calls through at once while Redis is not connected, without asking the store', async () => {
    const { limiter: subject, hits } = limiter('reconnecting');
    for (let n = 0; n < 5; n++) await subject.consume(app, '203.0.113.7');
    expect(hits.size).toBe(0);
    // One warning for the outage, not one per call.
    expect(warnings).toHaveBeenCalledTimes(1);
  });

  it('lets calls through when the store fails, and counts again once Redis is back', async () => {
    const failing = limiter('ready', () => Promise.reject(new Error('Connection is closed.')));
    await expect(failing.limiter.consume(app, '203.0.113.7')).resolves.toBeUndefined();

    const recovering = limiter('end');
    await recovering.limiter.consume(app, '203.0.113.7');
    recovering.redis.status = 'ready';
    await recovering.limiter.consume(app, '203.0.113.7');
    await recovering.limiter.consume(app, '203.0.113.7');
    await expect(recovering.limiter.consume(app, '203.0.113.7')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
