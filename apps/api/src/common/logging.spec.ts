import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { loggableUrl, logFormat, readableMessage, serializeError, withoutPrefixedSecrets } from './logging.js';

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
    // KeyAuth's seller API carries its key in the query string: never logged.
    expect(loggableUrl('/api/seller/?sellerkey=Ab3De6Gh9JAb3De6Gh9JAb3De6Gh9JAb&type=add&expiry=1')).toBe(
      '/api/seller/?sellerkey=[redacted]&type=add&expiry=[redacted]',
    );
  });

  it("redacts a secret route parameter by the route's pattern, however the path is spelled", () => {
    const token = `lki_${'a'.repeat(43)}`;
    const route = '/v1/admin/invitations/:token';
    expect(loggableUrl(`/v1/admin/invitations/${token}`, route)).toBe('/v1/admin/invitations/[redacted]');
    expect(loggableUrl('/v1/admin/invitation%73/not-a-token', route)).toBe('/v1/admin/invitation%73/[redacted]');
    expect(loggableUrl('/v1/admin/invitations/accept', '/v1/admin/invitations/accept')).toBe(
      '/v1/admin/invitations/accept',
    );
    expect(loggableUrl('/v1/downloads/anything?x=1')).toBe('/v1/downloads/[redacted]');
  });

  it('redacts any path segment shaped like an issued secret, on any route or none', () => {
    const secrets = [
      `lka_${'A'.repeat(43)}`,
      `lkp_${'b'.repeat(43)}`,
      `lkc_${'c'.repeat(43)}`,
      `lk_${'d'.repeat(43)}`,
      'whsec_abc',
      'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF',
      'a'.repeat(32),
      'f'.repeat(64),
      'abcd-ef12-3456-7890',
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      'ABCDE-FGHJK-LMNPQ-RSTUV',
      'MYAPP-FGHJK-LMNPQ-RSTUV',
    ];
    for (const secret of secrets) {
      expect(loggableUrl(`/v1/admin/apps/${secret}/users`)).toBe('/v1/admin/apps/[redacted]/users');
      expect(loggableUrl(`/nowhere/${encodeURIComponent(secret)}`)).toBe('/nowhere/[redacted]');
    }
    const ids = '/v1/admin/apps/0b8a3f4e-6f1c-4f57-9d36-3b8f3f0d1e2a/variables/motd_message';
    expect(loggableUrl(ids)).toBe(ids);
  });
});

describe('withoutPrefixedSecrets', () => {
  it('leaves the prefix of every prefixed secret in a line and nothing of its random part', () => {
    const line = JSON.stringify({
      msg: `token lkp_${'x'.repeat(43)} refused; key lk_${'y-'.repeat(20)}, secret whsec_${'z+/'.repeat(15)}=`,
    });
    const cleaned = withoutPrefixedSecrets(line);
    expect(cleaned).toBe(
      JSON.stringify({ msg: 'token lkp_[redacted] refused; key lk_[redacted], secret whsec_[redacted]' }),
    );
    const words = '{"msg":"bulk_job_import_rows_and_more lk_short"}';
    expect(withoutPrefixedSecrets(words)).toBe(words);
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
