import { describe, expect, it, jest } from '@jest/globals';
import bcrypt from 'bcrypt';
import type { Config } from '../../config/config.js';
import type { AccountEntity } from './account.entity.js';

// @nestjs/typeorm's CommonJS build cannot load the ESM-only @nestjs/common
// under Jest; AccountPasswords needs only its injection decorator, a no-op here.
jest.unstable_mockModule('@nestjs/typeorm', () => ({ InjectRepository: () => () => undefined }));
const { AccountPasswords } = await import('./account-passwords.js');
const { PasswordHasher } = await import('../../common/password-hasher.js');

const COST = 4;
const EMAIL = 'shared@example.com';
const hasher = new PasswordHasher({ BCRYPT_COST: COST } as Config);

function passwordsOver(accounts: AccountEntity[]) {
  return new AccountPasswords(hasher, { findBy: async () => accounts, update: async () => undefined } as never);
}

/** Accounts of one email with one salt, as hashForNewAccount makes them, over a stub repository. */
async function accountsOfOneEmail(passwords: string[], firstHash?: string) {
  const first = firstHash ?? (await hasher.hash(passwords[0]!));
  const accounts = await Promise.all(
    passwords.map(
      async (password, n) =>
        ({
          id: `account-${n}`,
          email: EMAIL,
          appId: n === 0 ? null : `app-${n}`,
          passwordHash: n === 0 ? first : await hasher.hash(password, { saltOf: first }),
          createdAt: new Date(2026, 0, n + 1),
          disabledAt: null,
        }) as AccountEntity,
    ),
  );
  return { accounts, subject: passwordsOver(accounts) };
}

describe('AccountPasswords.signIn', () => {
  it('costs one bcrypt however many accounts the email has, found or not', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['owner pw', 'first pw', 'second pw', 'third pw']);
    const hashes = jest.spyOn(bcrypt, 'hash');
    expect((await subject.signIn(EMAIL, 'third pw'))?.id).toBe(accounts[3]!.id);
    expect(await subject.signIn(EMAIL, 'nobody has this')).toBeNull();
    expect(hashes).toHaveBeenCalledTimes(2);
    hashes.mockRestore();
  });

  it('signs in the owner first, then the oldest reseller, skipping disabled accounts', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['same pw', 'same pw', 'same pw']);
    expect((await subject.signIn(EMAIL, 'same pw'))?.id).toBe(accounts[0]!.id);
    accounts[0]!.disabledAt = new Date();
    expect((await subject.signIn(EMAIL, 'same pw'))?.id).toBe(accounts[1]!.id);
  });

  it('costs one bcrypt for an email with no account', async () => {
    const subject = passwordsOver([]);
    const hashes = jest.spyOn(bcrypt, 'hash');
    expect(await subject.signIn('nobody@example.com', 'any password')).toBeNull();
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockRestore();
  });

  it('keeps the salt when a password changes', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['old pw']);
    const changed = await subject.rehash(accounts[0]!.passwordHash, 'new pw');
    const saltEnd = 'hmac-sha256:'.length + 29;
    expect(changed.slice(0, saltEnd)).toBe(accounts[0]!.passwordHash.slice(0, saltEnd));
    expect(await subject.matches('new pw', changed)).toBe(true);
  });

  it('signs in past a legacy hash sharing its salt with newer accounts, and replaces it keeping the salt', async () => {
    const legacy = await bcrypt.hash('owner pw', COST);
    const { accounts } = await accountsOfOneEmail(['owner pw', 'reseller pw'], legacy);
    const updates: unknown[] = [];
    const subject = new AccountPasswords(hasher, {
      findBy: async () => accounts,
      update: async (...args: unknown[]) => void updates.push(args),
    } as never);
    expect((await subject.signIn(EMAIL, 'reseller pw'))?.id).toBe(accounts[1]!.id);
    expect(updates).toEqual([]);
    expect((await subject.signIn(EMAIL, 'owner pw'))?.id).toBe(accounts[0]!.id);
    const [[where, set]] = updates as Array<[{ id: string; passwordHash: string }, { passwordHash: string }]>;
    expect(where).toEqual({ id: accounts[0]!.id, passwordHash: legacy });
    expect(set.passwordHash).toMatch(/^hmac-sha256:/);
    expect(set.passwordHash.slice('hmac-sha256:'.length, 'hmac-sha256:'.length + 29)).toBe(legacy.slice(0, 29));
    expect(await hasher.verify('owner pw', set.passwordHash)).toBe(true);
  });
});
