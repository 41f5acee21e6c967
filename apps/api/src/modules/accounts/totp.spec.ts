import { describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp.js';

const STEP_MS = 30_000;
/** The start of time step 1_000_000, plus a little. */
const NOW = 1_000_000 * STEP_MS + 5_000;

function codeAt(secret: string, timestamp: number) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('makes 160-bit base32 secrets, each new', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('gives the step a code matches, within one step either side', () => {
    expect(matchingTotpStep(secret, codeAt(secret, NOW), NOW)).toBe(1_000_000);
    expect(matchingTotpStep(secret, codeAt(secret, NOW - STEP_MS), NOW)).toBe(999_999);
    expect(matchingTotpStep(secret, codeAt(secret, NOW + STEP_MS), NOW)).toBe(1_000_001);
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    const far = [codeAt(secret, NOW - 2 * STEP_MS), codeAt(secret, NOW + 2 * STEP_MS)];
    const near = new Set([-1, 0, 1].map((step) => codeAt(secret, NOW + step * STEP_MS)));
    for (const code of far.filter((c) => !near.has(c))) expect(matchingTotpStep(secret, code, NOW)).toBeNull();
    const other = newTotpSecret();
    const otherCode = codeAt(other, NOW);
    if (!near.has(otherCode)) expect(matchingTotpStep(secret, otherCode, NOW)).toBeNull();
    expect(matchingTotpStep(secret, '12345', NOW)).toBeNull();
    expect(matchingTotpStep(secret, 'abcdef', NOW)).toBeNull();
  });

  it('reads a code with spaces', () => {
    const code = codeAt(secret, NOW);
    expect(matchingTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW)).toBe(1_000_000);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri(secret, 'owner@example.com'));
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Latchkey:owner@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Latchkey',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
