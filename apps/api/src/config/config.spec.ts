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

  it('reads PUBLIC_URL without its trailing slash, and refuses one with a query or another scheme', () => {
    const unset = parseConfig({ MASTER_KEY, PUBLIC_URL: '' });
    expect('config' in unset && unset.config.PUBLIC_URL).toBe('');
    const set = parseConfig({ MASTER_KEY, PUBLIC_URL: 'https://lk.example.com/latchkey/' });
    expect('config' in set && set.config.PUBLIC_URL).toBe('https://lk.example.com/latchkey');
    for (const bad of ['https://lk.example.com/?x=1', 'ftp://lk.example.com', 'lk.example.com']) {
      const result = parseConfig({ MASTER_KEY, PUBLIC_URL: bad });
      expect('problems' in result && result.problems).toEqual([
        'PUBLIC_URL must be an http(s) URL without query or fragment, such as https://lk.example.com',
      ]);
    }
  });

  it('reads the passkeys relying party: an RP ID, and origins under it', () => {
    const unset = parseConfig({ MASTER_KEY });
    expect('config' in unset && [unset.config.WEBAUTHN_RP_ID, unset.config.WEBAUTHN_ORIGINS]).toEqual(['', []]);
    const set = parseConfig({
      MASTER_KEY,
      WEBAUTHN_RP_ID: 'example.com',
      WEBAUTHN_ORIGINS: 'https://lk.example.com/, https://example.com:8443',
    });
    expect('config' in set && set.config.WEBAUTHN_ORIGINS).toEqual([
      'https://lk.example.com',
      'https://example.com:8443',
    ]);
    expect(parseConfig({ MASTER_KEY, WEBAUTHN_RP_ID: 'https://example.com' })).toEqual({
      problems: ['WEBAUTHN_RP_ID must be a domain name such as lk.example.com (no scheme, port or path)'],
    });
    expect(parseConfig({ MASTER_KEY, WEBAUTHN_ORIGINS: 'https://lk.example.com/login' })).toEqual({
      problems: ['WEBAUTHN_ORIGINS must be a comma-separated list of origins such as https://lk.example.com'],
    });
    expect(
      parseConfig({ MASTER_KEY, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://lk.example.org' }),
    ).toEqual({ problems: ['WEBAUTHN_ORIGINS must all be WEBAUTHN_RP_ID or its subdomains'] });
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

  it('reads the file settings: 100 MiB, PostgreSQL and 60 s links by default; fs needs its directory', () => {
    const defaults = parseConfig({ MASTER_KEY });
    expect('config' in defaults && defaults.config).toMatchObject({
      FILE_MAX_BYTES: 104_857_600,
      FILE_STORAGE: 'postgres',
      FILE_LINK_TTL_SECONDS: 60,
    });
    const fs = parseConfig({ MASTER_KEY, FILE_STORAGE: 'fs', FILE_STORAGE_DIR: '/data/files', FILE_MAX_BYTES: '1024' });
    expect('config' in fs && fs.config).toMatchObject({ FILE_STORAGE: 'fs', FILE_STORAGE_DIR: '/data/files' });
    const bad = parseConfig({ MASTER_KEY, FILE_STORAGE: 'fs', FILE_MAX_BYTES: '0', FILE_LINK_TTL_SECONDS: 'soon' });
    expect('problems' in bad && bad.problems).toEqual([
      'FILE_MAX_BYTES must be between 1 and 1099511627776 (1 TiB)',
      'FILE_STORAGE_DIR is required when FILE_STORAGE=fs',
      'FILE_LINK_TTL_SECONDS must be an integer',
    ]);
    expect('problems' in parseConfig({ MASTER_KEY, FILE_STORAGE: 's3' }) && true).toBe(true);
  });

  it('reads the disk cache of records: off by default, 2 GiB when on', () => {
    const defaults = parseConfig({ MASTER_KEY });
    expect('config' in defaults && defaults.config).toMatchObject({
      FILE_DISK_CACHE_DIR: '',
      FILE_DISK_CACHE_BYTES: 2 * 1024 ** 3,
    });
    const cached = parseConfig({
      MASTER_KEY,
      FILE_DISK_CACHE_DIR: '/var/cache/latchkey',
      FILE_DISK_CACHE_BYTES: '1024',
    });
    expect('config' in cached && cached.config).toMatchObject({
      FILE_DISK_CACHE_DIR: '/var/cache/latchkey',
      FILE_DISK_CACHE_BYTES: 1024,
    });
    const bad = parseConfig({ MASTER_KEY, FILE_DISK_CACHE_DIR: '/var/cache/latchkey', FILE_DISK_CACHE_BYTES: '-1' });
    expect('problems' in bad && bad.problems).toEqual([
      'FILE_DISK_CACHE_BYTES must be between 0 and 17592186044416 (16 TiB)',
    ]);
  });

  it('reads SMTP_URL and MAIL_FROM: smtp or smtps, a sender required with it, neither value in a problem', () => {
    const off = parseConfig({ MASTER_KEY });
    expect('config' in off && [off.config.SMTP_URL, off.config.MAIL_FROM]).toEqual(['', '']);
    const on = parseConfig({
      MASTER_KEY,
      SMTP_URL: 'smtps://user:s%40cret@smtp.example.com:465',
      MAIL_FROM: 'Shop <no-reply@example.com>',
    });
    expect('config' in on && on.config.SMTP_URL).toBe('smtps://user:s%40cret@smtp.example.com:465');
    const bad = parseConfig({ MASTER_KEY, SMTP_URL: 'https://user:hunter2@smtp.example.com', MAIL_FROM: 'a@b.c' });
    expect('problems' in bad && bad.problems).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
    ]);
    for (const from of [undefined, 'no address', 'a@b.c\r\nBcc: x@y.z']) {
      const result = parseConfig({ MASTER_KEY, SMTP_URL: 'smtp://smtp.example.com:587', MAIL_FROM: from });
      expect('problems' in result && result.problems).toEqual([
        'MAIL_FROM is required with SMTP_URL: an address, or a name and <address>',
      ]);
    }
    const delays = parseConfig({ MASTER_KEY, MAIL_RETRY_DELAYS: '200, 400' });
    expect('config' in delays && delays.config.MAIL_RETRY_DELAYS).toEqual([200, 400]);
  });
});
