import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { PasswordHasher, sameHash } from '../../common/password-hasher.js';
import { sqlAffected, sqlRows } from '../../common/sql.js';
import {
  ACCOUNTS_OF_EMAIL,
  type AccountRow,
  EMAIL_PASSWORD_HASH,
  LOCK_EMAIL,
  REPLACE_LEGACY_PASSWORD_HASH,
} from './accounts.queries.js';

/**
 * Account passwords when several accounts may share an email (an owner and
 * resellers of other apps, issue 23). Every account of one email is hashed
 * with the same bcrypt salt, so a sign-in costs one bcrypt whether the email
 * has no account, one or many: its time tells nothing about the email, and
 * creating resellers with one email cannot make its sign-ins dearer. Hashing
 * itself is PasswordHasher's (its pre-hash, its legacy hashes).
 */
@Injectable()
export class AccountPasswords {
  /** Hashed like when the email has no account, so that failure costs one bcrypt too. */
  private readonly unknownEmailHash: Promise<string>;

  constructor(
    private readonly hasher: PasswordHasher,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.unknownEmailHash = hasher.hash('latchkey-unknown-email');
  }

  /**
   * The hash of a new account's password, with the salt of its email's other
   * accounts. Holds a lock on the email until `manager`'s transaction ends:
   * the caller inserts the account in it, so two new accounts of one email
   * never pick two salts.
   */
  async hashForNewAccount(manager: EntityManager, email: string, password: string): Promise<string> {
    await sqlRows(manager, LOCK_EMAIL, [`account-email:${email}`]);
    const [sibling] = await sqlRows<Pick<AccountRow, 'password_hash'>>(manager, EMAIL_PASSWORD_HASH, [email]);
    return this.hasher.hash(password, { saltOf: sibling?.password_hash });
  }

  /** A new password of an existing account, with the salt its email's accounts share. */
  rehash(currentHash: string, password: string): Promise<string> {
    return this.hasher.hash(password, { saltOf: currentHash });
  }

  /** Whether `password` is the one `hash` was made from. */
  matches(password: string, hash: string): Promise<boolean> {
    return this.hasher.verify(password, hash);
  }

  /**
   * The account `email` and `password` sign in to, or none: the first
   * enabled account of the email whose password matches, owner first, then
   * resellers oldest first. A disabled account answers like a wrong password.
   * A legacy hash that matched is replaced in the current scheme with the
   * same salt (PasswordHasher.mayReplaceLegacy says when).
   */
  async signIn(email: string, password: string): Promise<PasswordSignIn> {
    const candidates = (await sqlRows<AccountRow>(this.dataSource, ACCOUNTS_OF_EMAIL, [email])).sort(signInOrder);
    const likeHashes = candidates.length > 0 ? candidates.map((a) => a.password_hash) : [await this.unknownEmailHash];
    // One computation per scheme and salt: one per email (hashForNewAccount), two while a legacy hash remains.
    const computed = new Map<string, string>();
    for (const like of likeHashes) {
      const key = bcryptSaltKey(like);
      if (!computed.has(key)) computed.set(key, await this.hasher.rehashLike(password, like));
    }
    const match = candidates.find(
      (account) =>
        !account.disabled_at && sameHash(account.password_hash, computed.get(bcryptSaltKey(account.password_hash))!),
    );
    if (match && PasswordHasher.mayReplaceLegacy(match.password_hash, password)) {
      await this.hasher.replaceLegacy(
        password,
        (replacement) =>
          sqlAffected(this.dataSource, REPLACE_LEGACY_PASSWORD_HASH, [match.id, match.password_hash, replacement]),
        { saltOf: match.password_hash },
      );
    }
    if (match) return { account: match, refused: [] };
    return {
      account: null,
      refused: candidates.filter((account) => !account.disabled_at).map((account) => account.id),
    };
  }
}

/** A password sign-in: the account it signs in to, or none and the enabled accounts of the email it did not match. */
export type PasswordSignIn = { account: AccountRow; refused: [] } | { account: null; refused: string[] };

/** What one computation serves: a hash's scheme and salt (everything before bcrypt's 31-character digest). */
function bcryptSaltKey(hash: string): string {
  return hash.slice(0, -31);
}

/** Owner first, then resellers by creation. */
function signInOrder(a: AccountRow, b: AccountRow): number {
  const byRole = Number(a.app_id !== null) - Number(b.app_id !== null);
  return byRole || a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id);
}
