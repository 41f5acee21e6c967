import { keysetBatchEnd, type ListStatement } from '../../common/sql.js';

/*
 * Every statement of the users module, which owns the `users` table
 * (docs/data-access.md); other modules write users through user-writes.ts.
 * (open_session, the SQL function of the sessions module, stamps a user's
 * last login in the same statement that opens the session.)
 */

/** A `users` row as USER_COLUMNS reads it. */
export interface UserRow {
  id: string;
  username: string;
  level: number;
  hwid: string | null;
  expires_at: Date | null;
  banned: boolean;
  ban_reason: string | null;
  max_devices: number;
  license_id: string | null;
  /** the key of license_id, read with it (licenseKeyOf) */
  license_key: string | null;
  created_at: Date;
  last_login_at: Date | null;
  last_ip: string | null;
}

const USER_FIELDS = [
  'id',
  'username',
  'level',
  'hwid',
  'expires_at',
  'banned',
  'ban_reason',
  'max_devices',
  'license_id',
  'created_at',
  'last_login_at',
  'last_ip',
];
/** The key of the user's license beside its id: support starts from the key, not the id (licenses_pkey). */
function licenseKeyOf(alias: string): string {
  return `(SELECT l.key FROM licenses l WHERE l.id = ${alias}license_id) AS license_key`;
}
export const USER_COLUMNS = [...USER_FIELDS, licenseKeyOf('')].join(', ');

/** The user fields a client's session result shows. */
export type ClientUserRow = Pick<
  UserRow,
  'id' | 'username' | 'level' | 'hwid' | 'expires_at' | 'created_at' | 'last_login_at'
>;

export interface ChangedRow extends UserRow {
  before_banned: boolean;
  before_expires_at: Date | null;
  before_hwid: string | null;
}

/** The app's users, newest first (users_app_created_idx). */
export const LIST_USERS: ListStatement = {
  select: USER_COLUMNS,
  from: 'users WHERE app_id = $1',
  orderBy: 'created_at DESC, id DESC',
};

/** The app's users whose username_key holds `$2`, a LIKE pattern `%fragment%` (users_username_key_trgm_idx). */
export const SEARCH_USERS: ListStatement = {
  ...LIST_USERS,
  from: 'users WHERE app_id = $1 AND username_key LIKE $2',
  search: true,
};

export const GET_USER = `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND app_id = $2`;

export const DELETE_USER = `DELETE FROM users WHERE id = $1 AND app_id = $2 RETURNING id, username`;

export const LOCK_USER = `SELECT username FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE`;

/** The `SET` lists of changeUser (SQL over the alias `u`; parameters from $3). */
export const USER_CHANGES = {
  ban: `banned = true, ban_reason = $3`,
  unban: `banned = false, ban_reason = NULL`,
  extend: `expires_at = CASE WHEN u.expires_at IS NULL THEN NULL
                             ELSE GREATEST(now(), u.expires_at) + make_interval(days => $3) END`,
  resetHwid: `hwid = NULL`,
  setExpiry: `expires_at = $3`,
} as const;

/**
 * Updates the user `$1` of the app `$2` with `set` (one of USER_CHANGES) and
 * returns the row after and the fields before (ChangedRow), read under the
 * same row lock.
 */
export function changeUser(set: string): string {
  return `WITH before AS (
      SELECT id, banned, expires_at, hwid FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE)
    UPDATE users u SET ${set}
      FROM before
     WHERE u.id = before.id
    RETURNING ${USER_FIELDS.map((field) => `u.${field}`).join(', ')}, ${licenseKeyOf('u.')},
              before.banned AS before_banned, before.expires_at AS before_expires_at, before.hwid AS before_hwid`;
}

/** A user made (user-writes.ts's insertUser); null when the username is taken. */
export const INSERT_USER = `INSERT INTO users (app_id, username, username_key, password_hash, hwid, level, max_devices, expires_at, license_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (app_id, username_key) DO NOTHING
  RETURNING ${USER_COLUMNS}`;

/** A key redeemed by the user `$1` (`upgrade`), returning `returning`. */
export function applyKeyToUser(returning: string): string {
  return `UPDATE users SET level = GREATEST(level, $2), expires_at = $3, license_id = $4 WHERE id = $1 RETURNING ${returning}`;
}

/** A store renewal: users whose current key is one of `$1` run at least to `$2` (lifetime stays lifetime). */
export const EXTEND_USERS_OF_LICENSES = `UPDATE users SET expires_at = GREATEST(expires_at, $2)
  WHERE license_id = ANY($1::uuid[]) AND expires_at IS NOT NULL`;

/** A store cancellation: users whose current key is one of `$1` end at `$2`. */
export const END_USERS_OF_LICENSES = `UPDATE users SET expires_at = $2 WHERE license_id = ANY($1::uuid[])`;

export const APPLY_LICENSE_LIMITS = `UPDATE users SET level = COALESCE($2, level), max_devices = COALESCE($3, max_devices)
  WHERE license_id = $1`;

/**
 * A legacy password hash replaced by its re-hash, unless the password changed
 * meanwhile: the client's prepared statement `client-replace-password-hash`
 * (its text must never change).
 */
export const REPLACE_PASSWORD_HASH = `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2`;

/*
 * Bulk jobs (jobs module, issue 25) go through the app's users in keyset
 * batches of id, as the license jobs do (licenses.queries.ts). Parameters:
 * $1 app id, $2 a LIKE pattern over username_key (null: every user), then
 * $3 cursor and $4 `last` or the batch size, then the change's own.
 */
const BULK_USERS = `app_id = $1 AND ($2::text IS NULL OR username_key LIKE $2)`;

/** Which users each user job changes, and how. */
export const BULK_USER_CHANGES = {
  /** active users: not banned, not expired; lifetime stays lifetime. `$5` days, bounded by `$6` (LATEST_EXPIRY). */
  extend: {
    scope: `${BULK_USERS} AND NOT banned AND expires_at > now()`,
    set: `expires_at = LEAST(expires_at + make_interval(days => $5), $6::timestamptz)`,
  },
  resetHwid: { scope: `${BULK_USERS} AND hwid IS NOT NULL`, set: `hwid = NULL` },
  ban: { scope: `${BULK_USERS} AND NOT banned`, set: `banned = true, ban_reason = $5` },
  unban: { scope: `${BULK_USERS} AND banned`, set: `banned = false, ban_reason = NULL` },
} as const;

/** How many users `scope` reaches; `bounded`: at most `$3` of them (a job's dry run). */
export function countBulkUsers(scope: string, { bounded = false } = {}): string {
  if (!bounded) return `SELECT count(*)::int AS total FROM users WHERE ${scope}`;
  return `SELECT count(*)::int AS total FROM (SELECT 1 FROM users WHERE ${scope} LIMIT $3) matching`;
}

/** The id that ends the next batch of `$4` users after `$3`; no row when none is left. */
export function bulkUsersBatchEnd(scope: string): string {
  return keysetBatchEnd('users', scope, { cursor: 3, size: 4 });
}

/** Applies `change` to the users of the range ($3, $4]; returns their ids. */
export function changeBulkUsers(change: { scope: string; set: string }): string {
  return `UPDATE users SET ${change.set} WHERE ${change.scope} AND id > $3 AND id <= $4 RETURNING id`;
}

/**
 * The user `$1` of the app `$2` renamed to `$3` (canonical form `$4`), when it
 * signs in with a password; the name it had is returned. A taken name fails
 * on the unique (app_id, username_key) index.
 */
export const RENAME_USER = `UPDATE users u SET username = $3, username_key = $4
  FROM users before WHERE u.id = $1 AND u.app_id = $2 AND u.password_hash IS NOT NULL AND before.id = u.id
  RETURNING before.username AS previous`;
