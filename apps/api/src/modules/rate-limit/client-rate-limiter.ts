import { Injectable } from '@nestjs/common';
import { RateCounter } from './rate-counter.js';
import { rateLimitSubject } from './rate-limit-subject.js';

/** Name of this limit inside the shared throttler storage (part of its Redis keys). */
const THROTTLER_NAME = 'client';
/** Contract: the client `log` type is limited to 30 lines per session per minute. */
export const LOG_LINES_PER_WINDOW = 30;

/**
 * `rateLimitPerMinute` of an app, per client IP, on `register`, `login`,
 * `license` and `upgrade`, and log lines per session. Counts live in Redis
 * (RateCounter), so every API process shares them.
 */
@Injectable()
export class ClientRateLimiter {
  constructor(private readonly counter: RateCounter) {}

  /**
   * For `POST /v1`: counts one attempt of `ip` at `app`, or
   * throws AppError `TOO_MANY_REQUESTS` (429 `Too many requests`) with
   * `retryAfterSeconds` for the `Retry-After` header once the limit is
   * exceeded, until the window ends. `rateLimitPerMinute: 0` turns it off.
   */
  async consume(app: { id: string; rateLimitPerMinute: number }, ip: string): Promise<void> {
    if (app.rateLimitPerMinute <= 0) return;
    await this.counter.count(
      THROTTLER_NAME,
      `latchkey:client:${app.id}:${rateLimitSubject(ip)}`,
      app.rateLimitPerMinute,
    );
  }

  /** The client `log` type: LOG_LINES_PER_WINDOW lines per session per window, so a session cannot flood the audit log. */
  async consumeLogLine(sessionId: string): Promise<void> {
    await this.counter.count(THROTTLER_NAME, `latchkey:client-log:${sessionId}`, LOG_LINES_PER_WINDOW);
  }
}
