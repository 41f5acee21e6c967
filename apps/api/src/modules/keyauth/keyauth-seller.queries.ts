import { SellerLimits } from '@latchkey/contracts';

/*
 * The statements of KeyAuth's seller API: the seller keys (`keyauth_seller_keys`,
 * which the keyauth module owns) and the reads of keys, users and variables a
 * seller call answers with. Every write goes through its owner module's service.
 */

/** A seller key's row, without its hash. */
export interface SellerKeyRow {
  app_id: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The seller key of the app `$1`, if it has one. */
export const GET_SELLER_KEY = `SELECT app_id, created_at, last_used_at FROM keyauth_seller_keys WHERE app_id = $1`;

/** Sets the app `$1`'s seller key to the hash `$2`: a new key, or a rotation that forgets the old one. */
export const SET_SELLER_KEY = `INSERT INTO keyauth_seller_keys (app_id, key_hash) VALUES ($1, $2)
  ON CONFLICT (app_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = now(), last_used_at = NULL
  RETURNING app_id, created_at, last_used_at`;

/** Revokes the app `$1`'s seller key. */
export const DELETE_SELLER_KEY = `DELETE FROM keyauth_seller_keys WHERE app_id = $1 RETURNING app_id`;

/** The app and its compatibility switch of the seller key hashed `$1` (keyauth_seller_keys_key_hash_key). */
export const FIND_SELLER_KEY = `SELECT s.app_id, k.enabled FROM keyauth_seller_keys s
  JOIN keyauth_apps k ON k.app_id = s.app_id WHERE s.key_hash = $1`;

/**
 * Stamps the last use of the app `$1`'s key hashed `$2`, at most once a
 * minute: a busy shop costs one write a minute, not one per call.
 */
export const TOUCH_SELLER_KEY = `UPDATE keyauth_seller_keys SET last_used_at = now()
  WHERE app_id = $1 AND key_hash = $2 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`;

/** A key as the seller calls read it. */
export interface SellerLicenseRow {
  id: string;
  key: string;
  status: string;
  duration_type: string;
  extra_days: number;
  level: number;
  note: string | null;
  created_at: Date;
  activated_at: Date | null;
  ban_reason: string | null;
  user_id: string | null;
  created_by_email: string | null;
  used_by: string | null;
  hwid: string | null;
}

const LICENSE_FIELDS = `l.id, l.key, l.status, l.duration_type, l.extra_days, l.level, l.note, l.created_at,
  l.activated_at, l.ban_reason, l.user_id, a.email AS created_by_email, u.username AS used_by, u.hwid`;
const LICENSE_JOINS = `LEFT JOIN accounts a ON a.id = l.created_by LEFT JOIN users u ON u.id = l.user_id`;

/** The app `$1`'s key `$2` (licenses_app_key_key). */
export const FIND_LICENSE_BY_KEY = `SELECT ${LICENSE_FIELDS} FROM licenses l ${LICENSE_JOINS}
  WHERE l.app_id = $1 AND l.key = $2`;

/** The app `$1`'s newest keys, at most SellerLimits.fetchMax (licenses_app_created_idx). */
export const FETCH_ALL_LICENSES = `SELECT ${LICENSE_FIELDS} FROM licenses l ${LICENSE_JOINS}
  WHERE l.app_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT ${SellerLimits.fetchMax}`;

/** A user as the seller calls read it. */
export interface SellerUserRow {
  id: string;
  username: string;
  hwid: string | null;
  banned: boolean;
  ban_reason: string | null;
  expires_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
  last_ip: string | null;
  level: number;
}

const USER_FIELDS = 'id, username, hwid, banned, ban_reason, expires_at, created_at, last_login_at, last_ip, level';

/** The app `$1`'s user whose username_key is `$2` (users_app_username_key). */
export const FIND_USER_BY_NAME = `SELECT ${USER_FIELDS} FROM users WHERE app_id = $1 AND username_key = $2`;

/** The app `$1`'s newest users, at most SellerLimits.fetchMax (users_app_created_idx). */
export const FETCH_ALL_USERS = `SELECT ${USER_FIELDS} FROM users
  WHERE app_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${SellerLimits.fetchMax}`;

/** The value of the user `$1`'s variable `$2` (its primary key). */
export const GET_USER_VARIABLE_VALUE = `SELECT value FROM user_variables WHERE user_id = $1 AND key = $2`;

/**
 * The counts of `stats` the console's stats do not have, of the app `$1`:
 * webhooks, files, variables and resellers, each a handful per app, read
 * from indexes led by app id.
 */
export const SELLER_SIDE_COUNTS = `SELECT
  (SELECT count(*) FROM webhooks WHERE app_id = $1) AS webhooks,
  (SELECT count(*) FROM files WHERE app_id = $1) AS files,
  (SELECT count(*) FROM variables WHERE app_id = $1) AS vars,
  (SELECT count(*) FROM resellers WHERE app_id = $1) AS resellers`;

export interface SellerSideCountsRow {
  webhooks: string;
  files: string;
  vars: string;
  resellers: string;
}
