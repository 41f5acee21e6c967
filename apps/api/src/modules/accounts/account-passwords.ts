import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import bcrypt from 'bcrypt';
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager, Repository } from 'typeorm';
import { Config } from '../../config/config.js';
import { AccountEntity } from './account.entity.js';

/** `$2b$10$` and 22 characters of salt: what bcrypt.hash takes as its salt. */
const SALT_LENGTH = 29;

/**
 * Account passwords when several accounts may share an email (an owner and
 * resellers of other apps, issue 23). Every account of one email is hashed
 * with the same bcrypt salt, so a sign-in costs one bcrypt whether the email
 * has no account, one or many: its time tells nothing about the email, and
 * creating resellers with one email cannot make its sign-ins dearer.
 */
@Injectable()
export class AccountPasswords {
  /** Hashed with when the email has no account, so that failure costs one bcrypt too. */
  private readonly unknownEmailSalt: Promise<string>;

  constructor(
    private readonly config: Config,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
  ) {
    this.unknownEmailSalt = bcrypt.genSalt(config.BCRYPT_COST);
  }

  /**
   * The hash of a new account's password, with the salt of its email's other
   * accounts. Holds a lock on the email until `manager`'s transaction ends:
   * the caller inserts the account in it, so two new accounts of one email
   * never pick two salts.
   */
  async hashForNewAccount(manager: EntityManager, email: string, password: string): Promise<string> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`account-email:${email}`]);
    const [sibling] = await manager.find(AccountEntity, { where: { email }, select: { passwordHash: true }, take: 1 });
    const salt = sibling ? saltOf(sibling.passwordHash) : await bcrypt.genSalt(this.config.BCRYPT_COST);
    return bcrypt.hash(password, salt);
  }

  /** A new password of an existing account, with the salt its email's accounts share. */
  rehash(currentHash: string, password: string): Promise<string> {
    return bcrypt.hash(password, saltOf(currentHash));
  }

  /** Whether `password` is the one `hash` was made from. */
  matches(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  /**
   * The account `email` and `password` sign in to, or null: the first
   * enabled account of the email whose password matches, owner first, then
   * resellers oldest first. A disabled account answers like a wrong password.
   */
  async signIn(email: string, password: string): Promise<AccountEntity | null> {
    const candidates = (await this.accounts.findBy({ email })).sort(signInOrder);
    const salts = [...new Set(candidates.map((account) => saltOf(account.passwordHash)))];
    if (salts.length === 0) salts.push(await this.unknownEmailSalt);
    // One salt per email (hashForNewAccount); the loop keeps sign-in right should there be more.
    for (const salt of salts) {
      const hash = Buffer.from(await bcrypt.hash(password, salt));
      const match = candidates.find((account) => !account.disabledAt && sameHash(account.passwordHash, hash));
      if (match) return match;
    }
    return null;
  }
}

function saltOf(hash: string): string {
  return hash.slice(0, SALT_LENGTH);
}

function sameHash(stored: string, computed: Buffer): boolean {
  const bytes = Buffer.from(stored);
  return bytes.length === computed.length && timingSafeEqual(bytes, computed);
}

/** Owner first, then resellers by creation. */
function signInOrder(a: AccountEntity, b: AccountEntity): number {
  const byRole = Number(a.appId !== null) - Number(b.appId !== null);
  return byRole || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}
