import type { AccountRole, MemberRole } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the accounts module, which owns `accounts` and
 * `access_tokens` (docs/data-access.md), and the rows they read (snake_case,
 * as PostgreSQL answers). The resellers module writes accounts through
 * AuthService.
 */

/** An `accounts` row as ACCOUNT_COLUMNS reads it (its sign-in fields). */
export interface AccountRow {
  id: string;
  /** Stored lower-cased; unique among owners, and among the resellers of one app. */
  email: string;
  password_hash: string;
  role: AccountRole;
  /** The app a reseller sells; null for an owner. */
  app_id: string | null;
  created_at: Date;
  /** Set while the account is disabled: login and its tokens answer 401. */
  disabled_at: Date | null;
}

export const ACCOUNT_COLUMNS = 'id, email, password_hash, role, app_id, created_at, disabled_at';

/** `login`: issued by /auth/login or signup, expires. `personal`: created by the owner, lives until revoked. */
export type AccessTokenKind = 'login' | 'personal';

/** A personal token as the owner sees it (never the token itself, nor its hash). */
export interface PersonalTokenRow {
  id: string;
  name: string | null;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  max_role: MemberRole | null;
}

const PERSONAL_TOKEN_COLUMNS = 'id, name, created_at, last_used_at, expires_at, max_role';

/** A live login token, with where it was issued to. */
export interface LoginSessionRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/** The principal behind a presented token (AUTHENTICATE). */
export interface TokenPrincipalRow {
  token_id: string;
  last_used_at: Date | null;
  account_id: string;
  email: string;
  role: AccountRole;
  max_role: MemberRole | null;
  kind: AccessTokenKind;
  created_at: Date;
}

/** Serialises new accounts of the email `$1` (the lock key) until the transaction ends. */
export const LOCK_EMAIL = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;

/** The hash of one account of the email `$1`: its salt is the email's. */
export const EMAIL_PASSWORD_HASH = `SELECT password_hash FROM accounts WHERE email = $1 LIMIT 1`;

/** Every account of the email `$1` (an owner and resellers of other apps). */
export const ACCOUNTS_OF_EMAIL = `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = $1`;

export const INSERT_ACCOUNT = `INSERT INTO accounts (email, password_hash, role, app_id) VALUES ($1, $2, $3, $4)
  RETURNING ${ACCOUNT_COLUMNS}`;

export const PASSWORD_HASH = `SELECT password_hash FROM accounts WHERE id = $1`;

export const SET_PASSWORD_HASH = `UPDATE accounts SET password_hash = $2 WHERE id = $1`;

/** A legacy hash `$2` replaced by `$3`, unless the password changed meanwhile. */
export const REPLACE_LEGACY_PASSWORD_HASH = `UPDATE accounts SET password_hash = $3 WHERE id = $1 AND password_hash = $2`;

export const STAMP_LOGIN = `UPDATE accounts SET last_login_at = now() WHERE id = $1`;

export const ENABLE_ACCOUNT = `UPDATE accounts SET disabled_at = NULL WHERE id = $1`;

export const DISABLE_ACCOUNT = `UPDATE accounts SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1`;

/** A new token of the account `$1`; the token itself is never stored, only its SHA-256 (`$4`). */
export const INSERT_TOKEN = `INSERT INTO access_tokens (account_id, kind, name, token_hash, expires_at, ip, user_agent, max_role)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  RETURNING ${PERSONAL_TOKEN_COLUMNS}`;

/** The live token of hash `$1` and its enabled account. */
export const AUTHENTICATE = `SELECT t.id AS token_id, t.last_used_at, t.max_role, t.kind, t.created_at,
    a.id AS account_id, a.email, a.role
  FROM access_tokens t JOIN accounts a ON a.id = t.account_id
  WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
    AND a.disabled_at IS NULL`;

export const STAMP_TOKEN_USED = `UPDATE access_tokens SET last_used_at = now() WHERE id = $1`;

/** Logout: the presented token `$1` revoked. */
export const REVOKE_TOKEN = `UPDATE access_tokens SET revoked_at = now() WHERE id = $1`;

/** The live token `$1` of the account `$2` revoked; touches nothing for another account's or a revoked one. */
export const REVOKE_OWN_TOKEN = `UPDATE access_tokens SET revoked_at = now()
  WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL`;

/** Every live token of the account `$1`, login and personal, revoked but `$2` (null: none spared). */
export const REVOKE_ACCOUNT_TOKENS = `UPDATE access_tokens SET revoked_at = now()
  WHERE account_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`;

/**
 * The account `$1`'s unanswered sign-in challenges used up: one started with
 * the old password cannot be finished after the change.
 */
export const END_LOGIN_CHALLENGES = `UPDATE login_challenges SET used_at = now()
  WHERE account_id = $1 AND used_at IS NULL AND expires_at > now()`;

/** The account `$1`'s pending (never confirmed) TOTP secret dropped; an enabled one stays. */
export const DROP_PENDING_TOTP = `UPDATE accounts SET totp_secret_sealed = NULL
  WHERE id = $1 AND totp_enabled_at IS NULL AND totp_secret_sealed IS NOT NULL`;

/** The account `$1`'s live login tokens, newest first. */
export const LOGIN_SESSIONS = `SELECT id, created_at, expires_at, ip, user_agent FROM access_tokens
  WHERE account_id = $1 AND kind = 'login' AND revoked_at IS NULL AND expires_at > now()
  ORDER BY created_at DESC, id DESC`;

/** The account `$1`'s live personal tokens, newest first. */
export const LIST_PERSONAL_TOKENS: ListStatement = {
  select: PERSONAL_TOKEN_COLUMNS,
  from: `access_tokens WHERE account_id = $1 AND kind = 'personal' AND revoked_at IS NULL
    AND (expires_at IS NULL OR expires_at > now())`,
  orderBy: 'created_at DESC, id DESC',
};
