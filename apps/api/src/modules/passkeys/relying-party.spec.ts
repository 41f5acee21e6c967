import { describe, expect, it } from '@jest/globals';
import { Config } from '../../config/config.js';
import { AppError } from '../../common/errors.js';
import { relyingPartyOf } from './relying-party.js';

function config(settings: Partial<Pick<Config, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_ORIGINS'>> = {}): Config {
  return Object.assign(new Config(), settings);
}

function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err.code;
  }
}

describe('relyingPartyOf', () => {
  it("takes the request's Origin when nothing is configured, and needs one", () => {
    expect(relyingPartyOf(config(), 'https://lk.example.com')).toEqual({
      id: 'lk.example.com',
      origins: ['https://lk.example.com'],
    });
    expect(relyingPartyOf(config(), 'http://localhost:5173')).toEqual({
      id: 'localhost',
      origins: ['http://localhost:5173'],
    });
    for (const origin of [undefined, 'null', 'https://lk.example.com/path', 'file://x', 'ftp://lk.example.com']) {
      expect([origin, refusal(() => relyingPartyOf(config(), origin))]).toEqual([origin, 'PASSKEY_ORIGIN']);
    }
  });

  it('holds the Origin to WEBAUTHN_ORIGINS, and takes them all for a request without one', () => {
    const listed = config({ WEBAUTHN_ORIGINS: ['https://lk.example.com', 'https://admin.example.com'] });
    expect(relyingPartyOf(listed, 'https://admin.example.com')).toEqual({
      id: 'admin.example.com',
      origins: ['https://admin.example.com'],
    });
    expect(refusal(() => relyingPartyOf(listed, 'https://evil.example'))).toBe('PASSKEY_ORIGIN');
    expect(relyingPartyOf(listed, undefined)).toEqual({
      id: 'lk.example.com',
      origins: ['https://lk.example.com', 'https://admin.example.com'],
    });
  });

  it('binds passkeys to WEBAUTHN_RP_ID, for origins at it or under it only', () => {
    const domain = config({ WEBAUTHN_RP_ID: 'example.com' });
    expect(relyingPartyOf(domain, 'https://lk.example.com')).toEqual({
      id: 'example.com',
      origins: ['https://lk.example.com'],
    });
    expect(refusal(() => relyingPartyOf(domain, 'https://example.org'))).toBe('PASSKEY_ORIGIN');
    expect(refusal(() => relyingPartyOf(domain, 'https://notexample.com'))).toBe('PASSKEY_ORIGIN');
  });
});
