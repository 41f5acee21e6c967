import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { loggableUrl, logFormat, readableMessage, serializeError } from './logging.js';

describe('serializeError', () => {
  it("keeps a failed query's message and code, never its parameters, query or detail", () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "licenses_key"'), {
      code: '23505',
      detail: 'Key (app_id, key)=(x, SECRET-KEY-1) already exists.',
      constraint: 'licenses_key',
    });
    const err = new QueryFailedError(
      'INSERT INTO users VALUES ($1, $2)',
      ['$2b$10$bcrypthash', 'SECRET-KEY-1'],
      driverError,
    );
    const logged = serializeError(err);
    expect(logged).toMatchObject({ message: driverError.message, code: '23505', constraint: 'licenses_key' });
    const text = JSON.stringify(logged);
    expect(text).not.toContain('SECRET-KEY-1');
    expect(text).not.toContain('bcrypthash');
    expect(text).not.toContain('INSERT INTO');
  });

  it('describes a thrown non-error', () => {
    expect(serializeError('boom')).toEqual({ message: 'boom' });
  });
});

describe('loggableUrl', () => {
  it('keeps paging and filters, redacts any other query value', () => {
    expect(loggableUrl('/v1/admin/apps/x/licenses?search=ABCDE-FGHJK&page=2&status=USED')).toBe(
      '/v1/admin/apps/x/licenses?search=[redacted]&page=2&status=USED',
    );
    expect(loggableUrl('/v1')).toBe('/v1');
  });
});

describe('logFormat', () => {
  it('auto: readable at a terminal, JSON when piped; json and pretty whatever stdout is', () => {
    expect(logFormat({ LOG_FORMAT: 'auto' }, true)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'auto' }, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});

describe('readableMessage', () => {
  it('writes a request as method, path, status and time, and a failed one as failed', () => {
    const entry = { msg: 'request completed', method: 'POST', url: '/v1', statusCode: 200, ms: 1.4 };
    expect(readableMessage(entry, 'msg')).toBe('POST /v1 200 1.4 ms');
    expect(readableMessage({ ...entry, msg: 'request failed', statusCode: 500 }, 'msg')).toBe(
      'POST /v1 500 1.4 ms failed',
    );
  });

  it('prefixes the context a Nest component logged under', () => {
    expect(readableMessage({ msg: 'sweeping', context: 'WebhookSweeper' }, 'msg')).toBe('[WebhookSweeper] sweeping');
    expect(readableMessage({ msg: 'plain' }, 'msg')).toBe('plain');
  });
});
