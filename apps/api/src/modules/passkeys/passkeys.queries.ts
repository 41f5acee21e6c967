import { ACCOUNT_COLUMNS } from '../accounts/accounts.queries.js';

/*
 * Every statement of the passkeys module, which owns `passkeys` and
 * `passkey_challenges` (docs/data-access.md), and the rows they read.
 */

/** A passkey as its account sees it. */
export interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const PASSKEY_COLUMNS = 'id, name, created_at, last_used_at';

/** What a ceremony needs of a passkey: the credential, its key and counter, and whose it is. */
export interface CredentialRow {
  id: string;
  account_id: string;
  credential_id: string;
  public_key: Buffer;
  /** bigint: PostgreSQL answers it as text */
  counter: string;
  transports: string[];
}

const CREDENTIAL_COLUMNS = 'p.id, p.account_id, p.credential_id, p.public_key, p.counter, p.transports';

export type PasskeyChallengePurpose = 'registration' | 'sign-in';

/** The account `$1`, unless it is disabled: whom a passwordless sign-in signs in. */
export const ENABLED_ACCOUNT = `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND disabled_at IS NULL`;

/** The account `$1`'s passkeys, oldest first. */
export const LIST_PASSKEYS = `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE account_id = $1 ORDER BY created_at, id`;

/** The account `$1`'s credentials (for excludeCredentials and allowCredentials). */
export const ACCOUNT_CREDENTIALS = `SELECT ${CREDENTIAL_COLUMNS} FROM passkeys p WHERE p.account_id = $1
  ORDER BY p.created_at, p.id`;

/** The passkey of credential id `$1`, if its account is enabled. */
export const CREDENTIAL_OF_ENABLED_ACCOUNT = `SELECT ${CREDENTIAL_COLUMNS}
  FROM passkeys p JOIN accounts a ON a.id = p.account_id
  WHERE p.credential_id = $1 AND a.disabled_at IS NULL`;

/** Serialises the account `$1`'s registrations until the transaction ends, so its count holds at insert. */
export const LOCK_ACCOUNT = `SELECT id FROM accounts WHERE id = $1 FOR UPDATE`;

export const COUNT_PASSKEYS = `SELECT count(*)::int AS count FROM passkeys WHERE account_id = $1`;

/** A new passkey of the account `$1`. */
export const INSERT_PASSKEY = `INSERT INTO passkeys (account_id, credential_id, public_key, counter, transports, name)
  VALUES ($1, $2, $3, $4, $5, $6)
  RETURNING ${PASSKEY_COLUMNS}`;

/** The account `$2`'s passkey `$1` renamed `$3`. */
export const RENAME_PASSKEY = `UPDATE passkeys SET name = $3 WHERE id = $1 AND account_id = $2
  RETURNING ${PASSKEY_COLUMNS}`;

export const DELETE_PASSKEY = `DELETE FROM passkeys WHERE id = $1 AND account_id = $2 RETURNING id, name`;

/**
 * The passkey `$1` used with the authenticator's signature counter `$2`:
 * only if the counter moved forward (or the authenticator keeps none, 0), so
 * of two assertions with one counter, as a cloned authenticator would send,
 * one signs in.
 */
export const STAMP_PASSKEY_USED = `UPDATE passkeys SET counter = $2, last_used_at = now()
  WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0))`;

/** A new challenge: purpose `$1`, for the account `$2` (null: a passwordless sign-in's), SHA-256 `$3`, living `$4` seconds. */
export const INSERT_CHALLENGE = `INSERT INTO passkey_challenges (purpose, account_id, challenge_hash, expires_at)
  VALUES ($1, $2, $3, now() + make_interval(secs => $4))
  RETURNING id`;

/**
 * Uses the live challenge of purpose `$1`, account `$2` and SHA-256 `$3`
 * (and id `$4`, when given): one statement, so of parallel requests with one
 * challenge a single one gets its row.
 */
export const USE_CHALLENGE = `UPDATE passkey_challenges SET used_at = now()
  WHERE purpose = $1 AND account_id IS NOT DISTINCT FROM $2 AND challenge_hash = $3
    AND ($4::uuid IS NULL OR id = $4) AND used_at IS NULL AND expires_at > now()
  RETURNING id`;

/** Challenges dead for an hour: nothing reads them any more. */
/** The account `$1`'s open registration ceremonies ended (a password change). */
export const END_REGISTRATION_CHALLENGES = `UPDATE passkey_challenges SET used_at = now()
  WHERE purpose = 'registration' AND account_id = $1 AND used_at IS NULL AND expires_at > now()`;

export const DELETE_OLD_CHALLENGES = `DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 hour'`;
