import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { TwoFactorLimits } from '@latchkey/contracts';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { sqlRows } from '../../common/sql.js';
import type { SignInOrigin } from './sign-in-origin.js';
import {
  type ChallengeAttemptRow,
  INSERT_CHALLENGE,
  SET_WEBAUTHN_CHALLENGE,
  TAKE_CHALLENGE_ATTEMPT,
  USE_CHALLENGE,
} from './two-factor.queries.js';

const CHALLENGE_TOKEN_PREFIX = 'lkc_';
/** A user agent is kept for display only; longer ones are cut. */

/** A challenge one answer is being checked against (its attempt already counted). */
export interface ChallengeAttempt {
  challengeId: string;
  accountId: string;
  /** the WebAuthn challenge the passkey option stored on it, if any */
  webauthnChallenge: string | null;
}

/**
 * Login challenges: the second step a password sign-in leads to when the
 * account has a second factor. A challenge is known by its token's SHA-256
 * only, lives TwoFactorLimits.challengeSeconds, takes at most
 * TwoFactorLimits.challengeAttempts answers and is used once.
 */
@Injectable()
export class LoginChallenges {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A new challenge for the account; returns its token (`lkc_`…), shown to the client only. */
  async create(accountId: string, origin: SignInOrigin): Promise<string> {
    const token = randomSecret(CHALLENGE_TOKEN_PREFIX);
    await sqlRows(this.dataSource, INSERT_CHALLENGE, [
      accountId,
      sha256(token),
      TwoFactorLimits.challengeSeconds,
      origin.ip,
      origin.userAgent,
    ]);
    return token;
  }

  /**
   * Counts one answer against the live challenge of `token` before the answer
   * is checked (so parallel guesses cannot pass the limit); null when the
   * challenge is unknown, expired, used or out of attempts.
   */
  async takeAttempt(token: string): Promise<ChallengeAttempt | null> {
    const [row] = await sqlRows<ChallengeAttemptRow>(this.dataSource, TAKE_CHALLENGE_ATTEMPT, [
      sha256(token),
      TwoFactorLimits.challengeAttempts,
    ]);
    return row ? toAttempt(row) : null;
  }

  /**
   * Stores a WebAuthn challenge on the live challenge of `token` (the passkey
   * option of the second step); null when the challenge is not live.
   */
  async setWebauthnChallenge(token: string, webauthnChallenge: string): Promise<ChallengeAttempt | null> {
    const [row] = await sqlRows<ChallengeAttemptRow>(this.dataSource, SET_WEBAUTHN_CHALLENGE, [
      sha256(token),
      TwoFactorLimits.challengeAttempts,
      webauthnChallenge,
    ]);
    return row ? toAttempt(row) : null;
  }

  /**
   * Uses the challenge in `manager`'s transaction; false when it was used
   * meanwhile or has expired. The row stays locked until the transaction
   * ends, so of parallel answers exactly one can use it, and a rollback
   * (a refused factor) leaves it unused.
   */
  async use(manager: EntityManager, challengeId: string): Promise<boolean> {
    return (await sqlRows(manager, USE_CHALLENGE, [challengeId])).length === 1;
  }
}

function toAttempt(row: ChallengeAttemptRow): ChallengeAttempt {
  return { challengeId: row.id, accountId: row.account_id, webauthnChallenge: row.webauthn_challenge };
}
