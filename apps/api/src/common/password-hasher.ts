import { Global, Injectable, Logger, Module } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BCRYPT_COST_MAX, Config } from '../config/config.js';

/** Starts every hash of the current scheme; a hash without it is plain bcrypt, as made before issue 23. */
const SCHEME_PREFIX = 'hmac-sha256:';
/** A plain bcrypt hash (`$2a$` or `$2b$`, then the cost). */
const LEGACY_HASH = /^\$2[ab]\$\d\d\$/;
/**
 * The pre-hash's HMAC key. Not a secret: it only makes the pre-hash Latchkey's
 * own, so no other system's leaked SHA-256 digests can be tried against our
 * bcrypt hashes ("shucking"). See docs/decisions/security-and-accounts.md, "Passwords".
 */
const PREHASH_KEY = 'latchkey password pre-hash v1';
/**
 * bcrypt reads at most 72 bytes of its input. A legacy match of a shorter
 * password proves the whole password; a longer one only its first 72 bytes.
 */
const BCRYPT_INPUT_BYTES = 72;
/** `$2b$10$` and 22 characters: the salt at the start of a bcrypt hash, as bcrypt.hash takes it. */
const BCRYPT_SALT_LENGTH = 29;
/** bcrypt's `$2a$`, `$2b$` or PHP's `$2y$`, then the cost, two digits. */
const BCRYPT_COST = /^\$2[aby]\$(\d\d)\$/;
/** The least cost bcrypt computes. */
const BCRYPT_COST_MIN = 4;
/**
 * What a plain bcrypt hash may cost when the server's own cost is lower:
 * PHP's password_hash() default (10 before PHP 8.4, 12 since), so KeyAuth's
 * exports come in. Issue 37: bcrypt runs on libuv's four threads, so a few
 * logins at cost 17 stalled every sign-in of every tenant.
 */
export const PLAIN_HASH_COST_FLOOR = 12;

/** The cost of a bcrypt hash, of either scheme; null when `hash` is not one. */
export function bcryptCost(hash: string): number | null {
  const match = BCRYPT_COST.exec(hash.startsWith(SCHEME_PREFIX) ? hash.slice(SCHEME_PREFIX.length) : hash);
  return match ? Number(match[1]) : null;
}

/**
 * The most a plain bcrypt hash (imported, or made before issue 23) may cost
 * to be checked, or imported: the server's own BCRYPT_COST, or
 * PLAIN_HASH_COST_FLOOR when that is lower.
 */
export function plainHashCostMax(config: Pick<Config, 'BCRYPT_COST'>): number {
  return Math.max(config.BCRYPT_COST, PLAIN_HASH_COST_FLOOR);
}

/** What bcrypt gets: 44 base64 characters of HMAC-SHA-256 over every byte of the password, never a NUL. */
function prehash(password: string): string {
  return createHmac('sha256', PREHASH_KEY).update(password, 'utf8').digest('base64');
}

/** Stores the current-scheme hash of a password whose legacy hash just matched (only where the old one still is). */
export type ReplaceHash = (hash: string) => Promise<unknown>;

/**
 * The one place passwords are hashed and checked (owners, resellers, end
 * users): bcrypt at BCRYPT_COST over a pre-hash of the whole password, so
 * every byte counts where bcrypt alone reads 72. Hashes made before keep
 * working and are replaced on the next successful check.
 */
@Injectable()
export class PasswordHasher {
  private readonly logger = new Logger(PasswordHasher.name);
  /** Compared against when there is no hash to check, so every failure costs one bcrypt. */
  private readonly dummyHash: Promise<string>;
  /** The most a plain bcrypt hash may cost to be checked (plainHashCostMax). */
  readonly plainCostMax: number;

  constructor(private readonly config: Config) {
    this.dummyHash = this.hash('latchkey-timing-equaliser');
    this.plainCostMax = plainHashCostMax(config);
  }

  /**
   * Whether `stored` may be checked: a hash in the current scheme was made
   * here (at most BCRYPT_COST_MAX); a plain one may come from elsewhere, so
   * at most plainCostMax. A costlier hash is never computed: its password
   * fails, as a wrong one does, at the cost of one bcrypt at BCRYPT_COST.
   */
  private checkable(stored: string): boolean {
    const cost = bcryptCost(stored);
    const max = stored.startsWith(SCHEME_PREFIX) ? BCRYPT_COST_MAX : this.plainCostMax;
    return cost !== null && cost >= BCRYPT_COST_MIN && cost <= max;
  }

  /** A new hash in the current scheme; with `saltOf` another hash, it reuses that hash's bcrypt salt (AccountPasswords). */
  async hash(password: string, { saltOf }: { saltOf?: string } = {}): Promise<string> {
    const salt = saltOf === undefined ? this.config.BCRYPT_COST : bcryptSalt(saltOf);
    return SCHEME_PREFIX + (await bcrypt.hash(prehash(password), salt));
  }

  /**
   * What `stored` would be if `password` were its password: the same scheme
   * and salt, one bcrypt. Compared with `sameHash`, it lets one computation be
   * checked against every hash sharing that scheme and salt.
   */
  async rehashLike(password: string, stored: string): Promise<string> {
    // A fresh salt at BCRYPT_COST: the same work as a check, and never `stored`.
    if (!this.checkable(stored)) return this.hash(password);
    if (LEGACY_HASH.test(stored)) return bcrypt.hash(password, bcryptSalt(stored));
    return SCHEME_PREFIX + (await bcrypt.hash(prehash(password), bcryptSalt(stored)));
  }

  /** Whether a legacy hash matched by `password` may be replaced: only its first 72 bytes were proven past that. */
  static mayReplaceLegacy(stored: string, password: string): boolean {
    return LEGACY_HASH.test(stored) && Buffer.byteLength(password, 'utf8') < BCRYPT_INPUT_BYTES;
  }

  /**
   * Whether `password` is the one `stored` was made from; one bcrypt either
   * way, also without a stored hash (unknown user), so a failure reveals
   * nothing. A matching legacy hash is handed, re-hashed, to `replace`
   * (awaited; a failure to store it is logged and the check still succeeds),
   * unless the password is 72 bytes or longer: then the match proves only its
   * first 72 bytes, and storing this variant could lock out the one the
   * holder chose. Such a hash stays until the password is next set.
   */
  async verify(password: string, stored: string | null | undefined, replace?: ReplaceHash | null): Promise<boolean> {
    if (stored && !this.checkable(stored)) stored = null;
    if (stored && LEGACY_HASH.test(stored)) {
      const valid = await bcrypt.compare(password, stored);
      if (valid && replace && PasswordHasher.mayReplaceLegacy(stored, password)) {
        await this.replaceLegacy(password, replace);
      }
      return valid;
    }
    const current = stored?.startsWith(SCHEME_PREFIX) ? stored : null;
    const valid = await bcrypt.compare(
      prehash(password),
      (current ?? (await this.dummyHash)).slice(SCHEME_PREFIX.length),
    );
    return current !== null && valid;
  }

  /** Stores `password`'s hash in the current scheme through `replace` (with `saltOf`'s salt when given); logs a failure. */
  async replaceLegacy(password: string, replace: ReplaceHash, { saltOf }: { saltOf?: string } = {}): Promise<void> {
    try {
      await replace(await this.hash(password, { saltOf }));
    } catch (err) {
      this.logger.warn(
        `a legacy password hash was not replaced (it is, at the next sign-in): ${(err as Error).message}`,
      );
    }
  }
}

/** bcrypt's salt (`$2b$10$` and 22 characters) of a hash of either scheme. */
function bcryptSalt(stored: string): string {
  const bcryptHash = stored.startsWith(SCHEME_PREFIX) ? stored.slice(SCHEME_PREFIX.length) : stored;
  return bcryptHash.slice(0, BCRYPT_SALT_LENGTH);
}

/** Compares two hashes in constant time. */
export function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(computed);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Makes PasswordHasher injectable in every module of the HTTP process. */
@Global()
@Module({ providers: [PasswordHasher], exports: [PasswordHasher] })
export class PasswordHasherModule {}
