import { Global, Injectable, Logger, Module } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { createHmac } from 'node:crypto';
import { Config } from '../config/config.js';

/** Starts every hash of the current scheme; a hash without it is plain bcrypt, as made before issue 23. */
const SCHEME_PREFIX = 'hmac-sha256:';
/** A plain bcrypt hash (`$2a$` or `$2b$`, then the cost). */
const LEGACY_HASH = /^\$2[ab]\$\d\d\$/;
/**
 * The pre-hash's HMAC key. Not a secret: it only makes the pre-hash Latchkey's
 * own, so no other system's leaked SHA-256 digests can be tried against our
 * bcrypt hashes ("shucking"). See docs/decisions.md, "Hardening (issue 23)".
 */
const PREHASH_KEY = 'latchkey password pre-hash v1';
/**
 * bcrypt reads at most 72 bytes of its input. A legacy match of a shorter
 * password proves the whole password; a longer one only its first 72 bytes.
 */
const BCRYPT_INPUT_BYTES = 72;

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

  constructor(private readonly config: Config) {
    this.dummyHash = this.hash('latchkey-timing-equaliser');
  }

  async hash(password: string): Promise<string> {
    return SCHEME_PREFIX + (await bcrypt.hash(prehash(password), this.config.BCRYPT_COST));
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
    if (stored && LEGACY_HASH.test(stored)) {
      const valid = await bcrypt.compare(password, stored);
      if (valid && replace && Buffer.byteLength(password, 'utf8') < BCRYPT_INPUT_BYTES) {
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

  private async replaceLegacy(password: string, replace: ReplaceHash): Promise<void> {
    try {
      await replace(await this.hash(password));
    } catch (err) {
      this.logger.warn(
        `a legacy password hash was not replaced (it is, at the next sign-in): ${(err as Error).message}`,
      );
    }
  }
}

/** Makes PasswordHasher injectable in every module of the HTTP process. */
@Global()
@Module({ providers: [PasswordHasher], exports: [PasswordHasher] })
export class PasswordHasherModule {}
