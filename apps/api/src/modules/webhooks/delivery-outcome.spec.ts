import { describe, expect, it } from '@jest/globals';
import { parseConfig } from '../../config/config.js';
import { scheduledAttempts } from '../events/delivery-queue.js';
import { classifyAttempt, MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayAfter } from './delivery-outcome.js';
import type { AttemptResult } from './delivery-sender.js';

const response = (statusCode: number | null, extra: Partial<AttemptResult> = {}): AttemptResult => ({
  statusCode,
  retryAfter: null,
  responseBody: null,
  durationMs: 1,
  error: statusCode === null ? 'Connection failed: ECONNREFUSED' : null,
  blocked: false,
  ...extra,
});

describe('classifyAttempt', () => {
  it.each([200, 201, 204, 299])('%i succeeds', (status) => {
    expect(classifyAttempt(response(status), { discord: false })).toEqual({ kind: 'succeeded' });
  });

  it.each([301, 302, 307, 308])('%i fails: redirects are not followed', (status) => {
    expect(classifyAttempt(response(status), { discord: false })).toEqual({
      kind: 'retry',
      error: `HTTP ${status} (redirects are not followed)`,
      retryAfterMs: null,
    });
  });

  it.each([400, 401, 404, 500, 502, 504])('%i is retried on a generic URL', (status) => {
    expect(classifyAttempt(response(status), { discord: false })).toMatchObject({
      kind: 'retry',
      error: `HTTP ${status}`,
    });
  });

  it('410 means gone, anywhere; Discord 401 and 404 too', () => {
    expect(classifyAttempt(response(410), { discord: false }).kind).toBe('gone');
    expect(classifyAttempt(response(410), { discord: true }).kind).toBe('gone');
    expect(classifyAttempt(response(401), { discord: true }).kind).toBe('gone');
    expect(classifyAttempt(response(404), { discord: true }).kind).toBe('gone');
    expect(classifyAttempt(response(500), { discord: true }).kind).toBe('retry');
  });

  it('honours Retry-After on 429 and 503 only', () => {
    expect(classifyAttempt(response(429, { retryAfter: '7' }), { discord: false })).toMatchObject({
      retryAfterMs: 7000,
    });
    expect(classifyAttempt(response(503, { retryAfter: '2' }), { discord: true })).toMatchObject({
      retryAfterMs: 2000,
    });
    expect(classifyAttempt(response(500, { retryAfter: '7' }), { discord: false })).toMatchObject({
      retryAfterMs: null,
    });
    expect(classifyAttempt(response(429), { discord: false })).toMatchObject({ retryAfterMs: null });
  });

  it('a refused address is final, other transport errors are retried', () => {
    expect(classifyAttempt(response(null, { blocked: true, error: 'Refused: x' }), { discord: false })).toEqual({
      kind: 'refused',
      error: 'Refused: x',
    });
    expect(classifyAttempt(response(null), { discord: false })).toEqual({
      kind: 'retry',
      error: 'Connection failed: ECONNREFUSED',
      retryAfterMs: null,
    });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T00:00:00.000Z');
  it('reads seconds and HTTP dates, bounded', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('retry schedule', () => {
  const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

  it('defaults to the contract: 8 attempts, at once then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    const result = parseConfig({ MASTER_KEY });
    const delays = 'config' in result ? result.config.WEBHOOK_RETRY_DELAYS : [];
    expect(scheduledAttempts(delays)).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => retryDelayAfter(delays, attempt))).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it('WEBHOOK_RETRY_DELAYS overrides it, and bad values are reported', () => {
    const result = parseConfig({ MASTER_KEY, WEBHOOK_RETRY_DELAYS: '100, 200' });
    const delays = 'config' in result ? result.config.WEBHOOK_RETRY_DELAYS : [];
    expect(delays).toEqual([100, 200]);
    expect(scheduledAttempts(delays)).toBe(3);
    expect(retryDelayAfter(delays, 5)).toBe(200);
    const bad = parseConfig({ MASTER_KEY, WEBHOOK_RETRY_DELAYS: '5s,1m', WEBHOOK_CONCURRENCY: '0' });
    expect('problems' in bad && bad.problems).toEqual([
      'WEBHOOK_RETRY_DELAYS must be a comma-separated list of milliseconds, e.g. 5000,300000',
      'WEBHOOK_CONCURRENCY must be between 1 and 1000',
    ]);
  });

  it('reads the other webhook settings', () => {
    const result = parseConfig({
      MASTER_KEY,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_CONCURRENCY: '25',
      DISCORD_API_ORIGIN: 'http://127.0.0.1:8080',
    });
    expect('config' in result && result.config).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
      WEBHOOK_CONCURRENCY: 25,
      DISCORD_API_ORIGIN: 'http://127.0.0.1:8080',
    });
    const defaults = parseConfig({ MASTER_KEY });
    expect('config' in defaults && defaults.config).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_URLS: false,
      WEBHOOK_CONCURRENCY: 10,
      DISCORD_API_ORIGIN: 'https://discord.com',
      QUEUE_PREFIX: 'latchkey',
    });
    const bad = parseConfig({ MASTER_KEY, DISCORD_API_ORIGIN: 'discord.com', WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' });
    expect('problems' in bad && bad.problems).toEqual(
      expect.arrayContaining([
        'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false',
        'DISCORD_API_ORIGIN must be an http(s) origin such as https://discord.com',
      ]),
    );
  });
});
