import type { AccountSignInKind, AccountSignInMethod, AccountSignInOutcome } from '@latchkey/contracts';
import { ACCOUNT_COLUMNS } from './accounts.queries.js';

/*
 * The statements of two-factor sign-in (issue 28): the TOTP columns of
 * `accounts`, `account_recovery_codes`, `login_challenges` and
 * `account_sign_ins`, all owned by the accounts module. Every single use
 * (a code's time step, a recovery code, a challenge) is one conditional
 * UPDATE: of parallel uses, the row lock lets exactly one match.
 */

/** An account's TOTP state. */
export interface TotpRow {
  /** set by an enrolment, confirmed or not */
  totp_secret_sealed: Buffer | null;
  /** null: off (a secret without it is an enrolment waiting for its first code) */
  totp_enabled_at: Date | null;
}

export const TOTP_STATE = `SELECT totp_secret_sealed, totp_enabled_at FROM accounts WHERE id = $1`;

/** A new pending secret `$2` for the account `$1`, unless TOTP is on (then no row). */
export const SET_PENDING_TOTP = `UPDATE accounts SET totp_secret_sealed = $2
  WHERE id = $1 AND totp_enabled_at IS NULL RETURNING id`;

/**
 * Turns on the pending secret `$2` of the account `$1` with the code of time
 * step `$3`, which may not be accepted again; no row when the enrolment was
 * replaced meanwhile, TOTP is already on, or the step was already used.
 */
export const ENABLE_TOTP = `UPDATE accounts SET totp_enabled_at = now(), totp_last_step = $3
  WHERE id = $1 AND totp_secret_sealed = $2 AND totp_enabled_at IS NULL AND totp_last_step < $3 RETURNING id`;

/** Accepts time step `$2` for the account `$1` if TOTP is on and no later or equal step was accepted. */
export const ACCEPT_TOTP_STEP = `UPDATE accounts SET totp_last_step = $2
  WHERE id = $1 AND totp_enabled_at IS NOT NULL AND totp_last_step < $2 RETURNING id`;

/** TOTP off; the last accepted step stays, so a code of the old secret cannot come back either. */
export const DISABLE_TOTP = `UPDATE accounts SET totp_secret_sealed = NULL, totp_enabled_at = NULL
  WHERE id = $1 AND totp_enabled_at IS NOT NULL RETURNING id`;

/** The account `$1` a challenge was answered for, unless it was disabled meanwhile. */
export const ENABLED_ACCOUNT = `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND disabled_at IS NULL`;

/** Every recovery code of the account `$1` removed (before new ones, or as TOTP goes off). */
export const DELETE_RECOVERY_CODES = `DELETE FROM account_recovery_codes WHERE account_id = $1`;

/** The digests `$2` (bytea[]) as the account `$1`'s recovery codes. */
export const INSERT_RECOVERY_CODES = `INSERT INTO account_recovery_codes (account_id, code_hash)
  SELECT $1, code_hash FROM unnest($2::bytea[]) AS code_hash`;

/** Uses the account `$1`'s unused recovery code of digest `$2`; no row when unknown or used. */
export const USE_RECOVERY_CODE = `UPDATE account_recovery_codes SET used_at = now()
  WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`;

export const RECOVERY_CODES_LEFT = `SELECT count(*)::int AS left FROM account_recovery_codes
  WHERE account_id = $1 AND used_at IS NULL`;

/** A challenge of the account `$1`, token digest `$2`, living `$3` seconds; the account's expired ones go. */
export const INSERT_CHALLENGE = `WITH pruned AS (
    DELETE FROM login_challenges WHERE account_id = $1 AND expires_at < now()
  )
  INSERT INTO login_challenges (account_id, token_hash, expires_at, ip, user_agent)
  VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)
  RETURNING id`;

/** A live challenge: unused, unexpired, with attempts left (`$n` names the attempts limit). */
const liveChallenge = (maxAttemptsParam: string) =>
  `used_at IS NULL AND expires_at > now() AND attempts < ${maxAttemptsParam}`;

/** The challenge an attempt was taken on. */
export interface ChallengeAttemptRow {
  id: string;
  account_id: string;
  webauthn_challenge: string | null;
}

/**
 * Takes one attempt at the live challenge of token digest `$1` (`$2`: the
 * attempts limit): counted before the answer is checked, so parallel guesses
 * cannot exceed the limit. No row: unknown, expired, used or dead.
 */
export const TAKE_CHALLENGE_ATTEMPT = `UPDATE login_challenges SET attempts = attempts + 1
  WHERE token_hash = $1 AND ${liveChallenge('$2')}
  RETURNING id, account_id, webauthn_challenge`;

/** Stores the WebAuthn challenge `$3` on the live challenge of token digest `$1` (`$2`: the attempts limit). */
export const SET_WEBAUTHN_CHALLENGE = `UPDATE login_challenges SET webauthn_challenge = $3
  WHERE token_hash = $1 AND ${liveChallenge('$2')}
  RETURNING id, account_id, webauthn_challenge`;

/**
 * Uses the challenge `$1` (its attempt was taken): no row when it was used
 * meanwhile or has expired. Runs in the transaction that consumes the factor
 * and issues the token, so a refused factor leaves the challenge unused.
 */
export const USE_CHALLENGE = `UPDATE login_challenges SET used_at = now()
  WHERE id = $1 AND used_at IS NULL AND expires_at > now()
  RETURNING account_id`;

/** One sign-in event of the account `$1`; only its newest SIGN_INS_KEPT events are kept. */
export const INSERT_SIGN_IN = `WITH pruned AS (
    DELETE FROM account_sign_ins WHERE id IN (
      SELECT id FROM account_sign_ins WHERE account_id = $1 ORDER BY at DESC, id DESC OFFSET $8
    )
  )
  INSERT INTO account_sign_ins (account_id, kind, method, outcome, reason, ip, user_agent)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`;

export interface SignInRow {
  id: string;
  at: Date;
  kind: AccountSignInKind;
  method: AccountSignInMethod;
  outcome: AccountSignInOutcome;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** The account `$1`'s newest `$2` events. */
export const LIST_SIGN_INS = `SELECT id, at, kind, method, outcome, reason, ip, user_agent FROM account_sign_ins
  WHERE account_id = $1 ORDER BY at DESC, id DESC LIMIT $2`;
