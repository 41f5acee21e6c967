import { describe, expect, it, jest } from '@jest/globals';
import bcrypt from 'bcrypt';
import type { Repository } from 'typeorm';
import type { Config } from '../../config/config.js';
import type { AccountEntity } from './account.entity.js';

// @nestjs/typeorm's CommonJS build cannot load the ESM-only @nestjs/common
// under Jest; AccountPasswords needs only its injection decorator, a no-op here.
jest.unstable_mockModule('@nestjs/typeorm', () => ({ InjectRepository: () => () => undefined }));
const { AccountPasswords } = await import('./account-passwords.js');

const COST = 4;
const EMAIL = 'shared@example.com';

/** Accounts of one email with one salt, as hashForNewAccount makes them, over a stub repository. */
async function accountsOfOneEmail(passwords: string[]) {
  const salt = await bcrypt.genSalt(COST);
  const accounts = await Promise.all(
    passwords.map(
      async (password, n) =>
        ({
          id: `account-${n}`,
          email: EMAIL,
          appId: n === 0 ? null : `app-${n}`,
          passwordHash: await bcrypt.hash(password, salt),
          createdAt: new Date(2026, 0, n + 1),
          disabledAt: null,
        }) as AccountEntity,
    ),
  );
  const repository = { findBy: async () => accounts } as unknown as Repository<AccountEntity>;
  return { accounts, subject: new AccountPasswords({ BCRYPT_COST: COST } as Config, repository) };
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
    const subject = new AccountPasswords(
      { BCRYPT_COST: COST } as Config,
      {
        findBy: async () => [],
      } as unknown as Repository<AccountEntity>,
    );
    const hashes = jest.spyOn(bcrypt, 'hash');
    expect(await subject.signIn('nobody@example.com', 'any password')).toBeNull();
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockRestore();
  });

  it('keeps the salt when a password changes', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['old pw']);
    const changed = await subject.rehash(accounts[0]!.passwordHash, 'new pw');
    expect(changed.slice(0, 29)).toBe(accounts[0]!.passwordHash.slice(0, 29));
    expect(await subject.matches('new pw', changed)).toBe(true);
  });
});
