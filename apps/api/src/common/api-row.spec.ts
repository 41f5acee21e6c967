import { describe, expect, it } from '@jest/globals';
import { apiRow } from './api-row.js';

describe('apiRow', () => {
  it('names each column in camelCase in the same order and answers timestamps as ISO strings', () => {
    const row = {
      id: 'a',
      app_id: 'b',
      allowed_levels: [1, 3],
      details: { some_key: 1 },
      created_at: new Date('2026-01-02T03:04:05.678Z'),
      last_login_at: null as Date | null,
      e2e_key_sealed: Buffer.from('k'),
    };
    const answer = apiRow(row);
    expect(answer).toEqual({
      id: 'a',
      appId: 'b',
      allowedLevels: [1, 3],
      details: { some_key: 1 },
      createdAt: '2026-01-02T03:04:05.678Z',
      lastLoginAt: null,
      e2eKeySealed: Buffer.from('k'),
    });
    expect(Object.keys(answer)).toEqual([
      'id',
      'appId',
      'allowedLevels',
      'details',
      'createdAt',
      'lastLoginAt',
      'e2eKeySealed',
    ]);
  });
});
