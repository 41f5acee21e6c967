import { describe, expect, it } from '@jest/globals';
import { newRecoveryCode, normalizeRecoveryCode, recoveryCodeDigest } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are four groups of four base32 characters, each new', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('are read in any case, with or without separators, look-alike letters as digits', () => {
    expect(normalizeRecoveryCode('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    expect(normalizeRecoveryCode(' abcd efgh jkmn pqrs ')).toBe('abcdefghjkmnpqrs');
    expect(normalizeRecoveryCode('OIL0-0000-0000-0000')).toBe('0110000000000000');
  });

  it('refuses what cannot be a code', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jkmn')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jkmn-pqrsx')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jkmn-pqr!')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jkmn-pqru')).toBeNull();
    expect(recoveryCodeDigest('nope')).toBeNull();
  });

  it('hashes the normalized code, so every way of typing it matches', () => {
    const code = newRecoveryCode();
    expect(recoveryCodeDigest(code.toUpperCase().replaceAll('-', ''))).toEqual(recoveryCodeDigest(code));
    expect(recoveryCodeDigest(code)!.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
  });
});
