import { describe, expect, it } from '@jest/globals';
import { parseConfig } from './config.js';

const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

describe('parseConfig', () => {
  it('applies defaults', () => {
    const result = parseConfig({ MASTER_KEY });
    expect('config' in result && result.config).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/latchkey',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: 3000,
      BCRYPT_COST: 10,
      SIGNUP_ENABLED: true,
      TRUST_PROXY: false,
    });
  });

  it('parses numbers and booleans', () => {
    const result = parseConfig({ MASTER_KEY, PORT: '8080', SIGNUP_ENABLED: 'false', BCRYPT_COST: '12' });
    expect('config' in result && result.config).toMatchObject({ PORT: 8080, SIGNUP_ENABLED: false, BCRYPT_COST: 12 });
  });

  it('lists every problem', () => {
    const result = parseConfig({ PORT: '70000', SIGNUP_ENABLED: 'maybe', DATABASE_URL: 'mysql://x' });
    expect('problems' in result && result.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('PORT'),
        'SIGNUP_ENABLED must be true or false',
        'DATABASE_URL must be a postgres:// URL',
        expect.stringContaining('MASTER_KEY is required'),
      ]),
    );
  });
});
