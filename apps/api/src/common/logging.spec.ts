import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { loggableUrl, serializeError } from './logging.js';

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
