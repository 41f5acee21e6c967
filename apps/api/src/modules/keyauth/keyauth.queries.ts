import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * Every statement of the keyauth module, which owns `keyauth_apps`
 * (docs/data-access.md), and the rows they read.
 */

/** A `keyauth_apps` row: an app's KeyAuth compatibility settings, the secret still sealed. */
export interface KeyAuthAppRow {
  app_id: string;
  enabled: boolean;
  owner_id: string;
  name: string;
  versions: string[];
  subscription_names: Record<string, string>;
  fetch_online: boolean;
  self_ban: boolean;
  check_version: boolean;
  download_url: string | null;
  /** the replaced KeyAuth messages only, by name (KEYAUTH_MESSAGE_DEFAULTS has the rest) */
  messages: Record<string, string>;
  /** the 1.2 secret (64 hex characters), AES-256-GCM sealed under MASTER_KEY; null until the first save */
  secret_sealed: Buffer | null;
}

const KEYAUTH_APP_COLUMNS = `app_id, enabled, owner_id, name, versions, subscription_names, fetch_online, self_ban,
  check_version, download_url, messages, secret_sealed`;

/** The settings of the app `$1`, if they were ever read or saved. */
export const GET_KEYAUTH_APP = `SELECT ${KEYAUTH_APP_COLUMNS} FROM keyauth_apps WHERE app_id = $1`;

/**
 * The defaults of the app `$1`, with the generated ownerid `$2` and the name
 * `$3`: nothing when the app has its row already, or when the pair is taken
 * (the caller then reads the row, or tries another ownerid).
 */
export const INSERT_KEYAUTH_DEFAULTS = `INSERT INTO keyauth_apps (app_id, owner_id, name) VALUES ($1, $2, $3)
  ON CONFLICT DO NOTHING RETURNING ${KEYAUTH_APP_COLUMNS}`;

/**
 * Every setting of the app `$1` replaced ($2..$10); the secret `$11` is kept
 * when one is set already. A pair another app uses fails on
 * `keyauth_apps_owner_id_name_key`.
 */
export const SAVE_KEYAUTH_APP = `INSERT INTO keyauth_apps (app_id, enabled, owner_id, name, versions, subscription_names,
    fetch_online, self_ban, check_version, download_url, secret_sealed)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  ON CONFLICT (app_id) DO UPDATE SET enabled = EXCLUDED.enabled, owner_id = EXCLUDED.owner_id, name = EXCLUDED.name,
    versions = EXCLUDED.versions, subscription_names = EXCLUDED.subscription_names,
    fetch_online = EXCLUDED.fetch_online, self_ban = EXCLUDED.self_ban, check_version = EXCLUDED.check_version,
    download_url = EXCLUDED.download_url,
    secret_sealed = COALESCE(keyauth_apps.secret_sealed, EXCLUDED.secret_sealed), updated_at = now()
  RETURNING ${KEYAUTH_APP_COLUMNS}`;

/** The replaced messages `$2` (jsonb) of the app `$1`, whose row exists (the settings were read first). */
export const SET_KEYAUTH_MESSAGES = `UPDATE keyauth_apps SET messages = $2, updated_at = now() WHERE app_id = $1
  RETURNING ${KEYAUTH_APP_COLUMNS}`;

/** The unique constraint of the (ownerid, name) pair, as PostgreSQL names it in a violation. */
export const PAIR_CONSTRAINT = 'keyauth_apps_owner_id_name_key';

/** The sealed secret `$2` of the app `$1` (whose row exists: the settings were read first). */
export const SET_KEYAUTH_SECRET = `UPDATE keyauth_apps SET secret_sealed = $2, updated_at = now() WHERE app_id = $1`;

/** The settings of the pair `$1` (ownerid), `$2` (name): what a compat call looks its app up by. */
export const FIND_KEYAUTH_APP_BY_PAIR = `SELECT ${KEYAUTH_APP_COLUMNS} FROM keyauth_apps WHERE owner_id = $1 AND name = $2`;

/** Every key of the app `$1`, for sqlTotal (KeyAuth's `numKeys`), in the order of an index led by app id. */
export const KEYS_OF_APP = { from: 'licenses WHERE app_id = $1', orderBy: 'created_at DESC, id DESC' };

/**
 * The usernames of the app `$1`'s newest `$3` live sessions (`$2`: its idle
 * timeout): KeyAuth's `fetchOnline`. The sessions come newest first from the
 * app's live-sessions index and stop at `$3`; each username is one primary
 * key read (a subquery the planner cannot turn into a scan of every user).
 * 66k live sessions of 100k users: about 27 ms against 390 ms for a join of
 * all live sessions then DISTINCT (medians of three, interleaved, loaded machine).
 */
export const ONLINE_USERNAMES = `SELECT DISTINCT (SELECT u.username FROM users u WHERE u.id = live.user_id) AS username
  FROM (SELECT s.user_id FROM sessions s
         WHERE s.app_id = $1 AND ${liveSessionSql({ alias: 's', idleSeconds: '$2' })}
         ORDER BY s.created_at DESC LIMIT $3) live`;

/**
 * The key user `$1` (of app `$2`) activated last: what KeyAuth's `login`
 * answers as the subscription's key. A user has a handful of keys at most
 * (licenses_user_idx).
 */
export const LAST_ACTIVATED_KEY = `
  SELECT key FROM licenses
   WHERE user_id = $1 AND app_id = $2
   ORDER BY activated_at DESC NULLS LAST, created_at DESC
   LIMIT 1`;
