import { describe, expect, it, jest } from '@jest/globals';
import bcrypt from 'bcrypt';
import type { Config } from '../../config/config.js';
import { ACCOUNTS_OF_EMAIL, type AccountRow, REPLACE_LEGACY_PASSWORD_HASH } from './accounts.queries.js';

// @nestjs/typeorm's CommonJS build cannot load the ESM-only @nestjs/common
// under Jest; AccountPasswords needs only its injection decorator, a no-op here.
jest.unstable_mockModule('@nestjs/typeorm', () => ({ InjectDataSource: () => () => undefined }));
const { AccountPasswords } = await import('./account-passwords.js');
const { PasswordHasher } = await import('../../common/password-hasher.js');

const COST = 4;
const EMAIL = 'shared@example.com';
const hasher = new PasswordHasher({ BCRYPT_COST: COST } as Config);

/** AccountPasswords over a database whose accounts of the email are `accounts`; legacy replacements go to `replaced`. */
function passwordsOver(accounts: AccountRow[], replaced: unknown[][] = []) {
  const database = {
    query: async (sql: string, parameters: unknown[]) => {
      if (sql === ACCOUNTS_OF_EMAIL) return accounts;
      if (sql === REPLACE_LEGACY_PASSWORD_HASH) {
        replaced.push(parameters);
        return [[], 1];
      }
      throw new Error(`unexpected statement: ${sql}`);
    },
  };
  return new AccountPasswords(hasher, database as never);
}

/** Accounts of one email with one salt, as hashForNewAccount makes them, over a stub database. */
async function accountsOfOneEmail(passwords: string[], firstHash?: string, replaced?: unknown[][]) {
  const first = firstHash ?? (await hasher.hash(passwords[0]!));
  const accounts = await Promise.all(
    passwords.map(async (password, n): Promise<AccountRow> => ({
      id: `account-${n}`,
      email: EMAIL,
      role: n === 0 ? 'owner' : 'reseller',
      app_id: n === 0 ? null : `app-${n}`,
      password_hash: n === 0 ? first : await hasher.hash(password, { saltOf: first }),
      created_at: new Date(2026, 0, n + 1),
      disabled_at: null,
    })),
  );
  return { accounts, subject: passwordsOver(accounts, replaced) };
}

describe('AccountPasswords.signIn', () => {
  it('costs one bcrypt however many accounts the email has, found or not', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['owner pw', 'first pw', 'second pw', 'third pw']);
    const hashes = jest.spyOn(bcrypt, 'hash');
    expect((await subject.signIn(EMAIL, 'third pw')).account?.id).toBe(accounts[3]!.id);
    // Refused: the enabled accounts of the email it was tried on, for their sign-in history.
    expect(await subject.signIn(EMAIL, 'nobody has this')).toEqual({
      account: null,
      refused: accounts.map((account) => account.id),
    });
    expect(hashes).toHaveBeenCalledTimes(2);
    hashes.mockRestore();
  });

  it('signs in the owner first, then the oldest reseller, skipping disabled accounts', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['same pw', 'same pw', 'same pw']);
    expect((await subject.signIn(EMAIL, 'same pw')).account?.id).toBe(accounts[0]!.id);
    accounts[0]!.disabled_at = new Date();
    expect((await subject.signIn(EMAIL, 'same pw')).account?.id).toBe(accounts[1]!.id);
    // A disabled account is not among those refused: its history is no one's to read.
    expect((await subject.signIn(EMAIL, 'wrong pw')).refused).toEqual([accounts[1]!.id, accounts[2]!.id]);
  });

  it('costs one bcrypt for an email with no account', async () => {
    const subject = passwordsOver([]);
    const hashes = jest.spyOn(bcrypt, 'hash');
    expect(await subject.signIn('nobody@example.com', 'any password')).toEqual({ account: null, refused: [] });
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockRestore();
  });

  it('keeps the salt when a password changes', async () => {
    const { accounts, subject } = await accountsOfOneEmail(['old pw']);
    const changed = await subject.rehash(accounts[0]!.password_hash, 'new pw');
    const saltEnd = 'hmac-sha256:'.length + 29;
    expect(changed.slice(0, saltEnd)).toBe(accounts[0]!.password_hash.slice(0, saltEnd));
    expect(await subject.matches('new pw', changed)).toBe(true);
  });

  it('signs in past a legacy hash sharing its salt with newer accounts, and replaces it keeping the salt', async () => {
    const legacy = await bcrypt.hash('owner pw', COST);
    const replaced: unknown[][] = [];
    const { accounts, subject } = await accountsOfOneEmail(['owner pw', 'reseller pw'], legacy, replaced);
    expect((await subject.signIn(EMAIL, 'reseller pw')).account?.id).toBe(accounts[1]!.id);
    expect(replaced).toEqual([]);
    expect((await subject.signIn(EMAIL, 'owner pw')).account?.id).toBe(accounts[0]!.id);
    const [[id, replacedHash, replacement]] = replaced as Array<[string, string, string]>;
    expect([id, replacedHash]).toEqual([accounts[0]!.id, legacy]);
    expect(replacement).toMatch(/^hmac-sha256:/);
    expect(replacement.slice('hmac-sha256:'.length, 'hmac-sha256:'.length + 29)).toBe(legacy.slice(0, 29));
    expect(await hasher.verify('owner pw', replacement)).toBe(true);
  });
});
