import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import bcrypt from 'bcrypt';
import type { Config } from '../config/config.js';
import { bcryptCost, PasswordHasher, plainHashCostMax } from './password-hasher.js';

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

/** A well-formed bcrypt hash of `cost` (never computed: a check of cost 31 would take days). */
const ofCost = (cost: string, prefix = '$2b$') => `${prefix}${cost}$${'A'.repeat(53)}`;

describe('bcryptCost', () => {
  it('reads the cost of either scheme and of PHP’s $2y$; null for anything else', () => {
    expect(bcryptCost(ofCost('10'))).toBe(10);
    expect(bcryptCost(ofCost('31', '$2y$'))).toBe(31);
    expect(bcryptCost(ofCost('04', '$2a$'))).toBe(4);
    expect(bcryptCost(`hmac-sha256:${ofCost('15')}`)).toBe(15);
    for (const other of ['', 'not a hash', '$2x$10$abc', '$2b$1$abc', 'hmac-sha256:', '5f4dcc3b5aa765d6']) {
      expect([other, bcryptCost(other)]).toEqual([other, null]);
    }
  });
});

describe('the most a stored hash may cost (issue 37, finding 2)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is BCRYPT_COST for a plain hash, or 12 (PHP’s default) when BCRYPT_COST is lower', () => {
    expect([4, 10, 12, 13, 15].map((cost) => plainHashCostMax({ BCRYPT_COST: cost }))).toEqual([12, 12, 12, 13, 15]);
  });

  it('never computes a plain hash above it, nor one of a cost bcrypt does not take: one bcrypt at BCRYPT_COST', async () => {
    const compares = jest.spyOn(bcrypt, 'compare').mockImplementation(async () => false);
    for (const stored of [ofCost('13'), ofCost('31'), ofCost('03'), ofCost('99')]) {
      compares.mockClear();
      expect(
        await hasher.verify(
          'any password',
          stored,
          jest.fn(async () => undefined),
        ),
      ).toBe(false);
      expect(compares).toHaveBeenCalledTimes(1);
      expect(compares.mock.calls[0]![1]).toMatch(/^\$2b\$04\$/);
    }
    // At the most, and a hash in the server's own scheme up to BCRYPT_COST's own maximum, are checked.
    for (const stored of [ofCost('12'), `hmac-sha256:${ofCost('15')}`]) {
      compares.mockClear();
      await hasher.verify('any password', stored);
      expect(compares.mock.calls[0]![1]).toBe(stored.replace('hmac-sha256:', ''));
    }
  });

  it('makes an account’s sign-in computation from a fresh salt at BCRYPT_COST, never the costly one', async () => {
    const hashes = jest.spyOn(bcrypt, 'hash');
    const like = await hasher.rehashLike('any password', ofCost('16'));
    expect(like).toMatch(/^hmac-sha256:\$2b\$04\$/);
    expect(hashes.mock.calls.map((call) => String(call[1]))).not.toContainEqual(expect.stringMatching(/^\$2b\$16/));
  });
});
