import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import bcrypt from 'bcrypt';
import type { Config } from '../config/config.js';
import { PasswordHasher } from './password-hasher.js';

const COST = 4;
const hasher = new PasswordHasher({ BCRYPT_COST: COST } as Config);
/** 80 bytes; SIBLING shares its first 72. */
const LONG = `${'p'.repeat(72)}-right-1`;
const SIBLING = `${'p'.repeat(72)}-wrong-2`;

describe('PasswordHasher', () => {
  let compares: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    jest.restoreAllMocks();
    compares = jest.spyOn(bcrypt, 'compare');
  });

  it('counts every byte: a password sharing the first 72 bytes does not match', async () => {
    const stored = await hasher.hash(LONG);
    expect(stored).toMatch(/^hmac-sha256:\$2b\$04\$/);
    expect(await hasher.verify(LONG, stored)).toBe(true);
    expect(await hasher.verify(SIBLING, stored)).toBe(false);
    // Multi-byte characters count by their UTF-8 bytes, past 72 too.
    const accented = await hasher.hash(`${'é'.repeat(40)}a`);
    expect(await hasher.verify(`${'é'.repeat(40)}b`, accented)).toBe(false);
  });

  it('costs one bcrypt with no stored hash, an unknown format or a wrong password', async () => {
    const stored = await hasher.hash('the password');
    for (const candidate of [null, undefined, '', 'not a hash', stored]) {
      compares.mockClear();
      expect(await hasher.verify('wrong password', candidate)).toBe(false);
      expect(compares).toHaveBeenCalledTimes(1);
    }
  });

  it('checks a legacy bcrypt hash and hands its replacement, in the current scheme, to the caller', async () => {
    const legacy = await bcrypt.hash('legacy password', COST);
    const replace = jest.fn(async (_hash: string) => undefined);
    expect(await hasher.verify('wrong password', legacy, replace)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(await hasher.verify('legacy password', legacy, replace)).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
    const replacement = replace.mock.calls[0]![0];
    expect(replacement).toMatch(/^hmac-sha256:/);
    expect(await hasher.verify('legacy password', replacement)).toBe(true);
  });

  it('keeps a legacy hash that a password of 72 bytes or more matched: only its first 72 bytes were proven', async () => {
    const legacy = await bcrypt.hash(LONG, COST);
    const replace = jest.fn(async (_hash: string) => undefined);
    expect(await hasher.verify(SIBLING, legacy, replace)).toBe(true);
    expect(await hasher.verify('p'.repeat(72), legacy, replace)).toBe(true);
    expect(replace).not.toHaveBeenCalled();
    // 71 bytes are unambiguous (bcrypt reads the terminating NUL as the 72nd).
    const short = 'q'.repeat(71);
    expect(await hasher.verify(short, await bcrypt.hash(short, COST), replace)).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('still signs in when the replacement cannot be stored, and logs it without the password', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const legacy = await bcrypt.hash('s3cret-Passw0rd', COST);
    const failing = () => Promise.reject(new Error('Connection terminated'));
    expect(await hasher.verify('s3cret-Passw0rd', legacy, failing)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('s3cret-Passw0rd');
  });
});
