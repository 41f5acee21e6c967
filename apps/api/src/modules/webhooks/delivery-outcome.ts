import type { AttemptResult } from './delivery-sender.js';

/** What an attempt means for its delivery and its webhook. */
export type AttemptOutcome =
  | { kind: 'succeeded' }
  /** The receiver says the endpoint is gone: disable the webhook at once. */
  | { kind: 'gone'; error: string }
  /** Retrying cannot help (the address is refused): fail the delivery now. */
  | { kind: 'refused'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs: number | null };

/** A `Retry-After` longer than this is not honoured beyond it. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * Any 2xx succeeds and anything else fails (3xx included: redirects are not
 * followed). 410 Gone disables the webhook, and so do Discord's 401 (bad
 * token) and 404 (webhook deleted), which Discord asks clients never to
 * repeat. A 429 or 503 with `Retry-After` sets the wait before the next attempt.
 */
export function classifyAttempt(
  result: AttemptResult,
  { discord, now = Date.now() }: { discord: boolean; now?: number },
): AttemptOutcome {
  const status = result.statusCode;
  if (status === null) {
    const error = result.error ?? 'No response';
    return result.blocked ? { kind: 'refused', error } : { kind: 'retry', error, retryAfterMs: null };
  }
  if (status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410 || (discord && (status === 401 || status === 404))) {
    return { kind: 'gone', error: `HTTP ${status}` };
  }
  const error = status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(result.retryAfter, now) : null;
  return { kind: 'retry', error, retryAfterMs };
}

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The wait after failed attempt number `attempt` (1-based); past the list, its last entry. */
export function retryDelayAfter(retryDelays: readonly number[], attempt: number): number {
  return retryDelays[Math.min(attempt, retryDelays.length) - 1] ?? 0;
}
