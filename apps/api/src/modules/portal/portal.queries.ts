import { liveSessionSql } from '../sessions/session-rules.js';

/*
 * Every statement of the portal module, which owns `portal_settings`,
 * `portal_sessions`, `portal_email_codes` and `portal_hwid_resets`
 * (docs/data-access.md). It reads keys, users, sessions and apps in joins;
 * it writes users and sessions through their owners' functions.
 */

export interface PortalSettingsRow {
  app_id: string;
  public_id: string;
  enabled: boolean;
  display_name: string | null;
  accent_color: string;
  support_url: string | null;
  level_names: Record<string, string>;
  sign_in_methods: string[];
  hwid_reset_mode: 'off' | 'limited';
  hwid_resets_per_period: number;
  hwid_reset_period_days: number;
  hwid_reset_cooldown_hours: number;
  hwid_reset_ends_sessions: boolean;
  updated_at: Date | null;
  /** the app's own name (apps) */
  app_name: string;
}

const SETTINGS_COLUMNS = `p.app_id, p.public_id, p.enabled, p.display_name, p.accent_color, p.support_url,
  p.level_names, p.sign_in_methods, p.hwid_reset_mode, p.hwid_resets_per_period, p.hwid_reset_period_days,
  p.hwid_reset_cooldown_hours, p.hwid_reset_ends_sessions, p.updated_at, a.name AS app_name`;

/** The app `$1`'s settings (none until the owner first saves them). */
export const GET_SETTINGS = `SELECT ${SETTINGS_COLUMNS} FROM portal_settings p JOIN apps a ON a.id = p.app_id
  WHERE p.app_id = $1`;

/** The settings of the portal whose public id is `$1` (portal_settings_public_id_key). */
export const SETTINGS_BY_PUBLIC_ID = `SELECT ${SETTINGS_COLUMNS} FROM portal_settings p JOIN apps a ON a.id = p.app_id
  WHERE p.public_id = $1`;

/** The columns UPDATE_SETTINGS may set, by request field. */
export const SETTINGS_FIELDS = {
  enabled: 'enabled',
  displayName: 'display_name',
  accentColor: 'accent_color',
  supportUrl: 'support_url',
  levelNames: 'level_names',
  signInMethods: 'sign_in_methods',
  hwidResetMode: 'hwid_reset_mode',
  hwidResetsPerPeriod: 'hwid_resets_per_period',
  hwidResetPeriodDays: 'hwid_reset_period_days',
  hwidResetCooldownHours: 'hwid_reset_cooldown_hours',
  hwidResetEndsSessions: 'hwid_reset_ends_sessions',
} as const;
export type SettingsField = keyof typeof SETTINGS_FIELDS;

/** Makes the app `$1`'s settings row with the public id `$2`, unless it has one. */
export const ENSURE_SETTINGS = `INSERT INTO portal_settings (app_id, public_id) VALUES ($1, $2)
  ON CONFLICT (app_id) DO NOTHING`;

/** Sets `fields` (parameters from $2, in order) of the app `$1`'s settings. */
export function updateSettings(fields: SettingsField[]): string {
  const sets = fields.map((field, i) => {
    const cast = field === 'levelNames' ? '::jsonb' : field === 'signInMethods' ? '::text[]' : '';
    return `${SETTINGS_FIELDS[field]} = $${i + 2}${cast}`;
  });
  return `UPDATE portal_settings SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE app_id = $1`;
}

export interface PortalSessionRow {
  id: string;
  app_id: string;
  method: 'key' | 'password' | 'email';
  license_id: string | null;
  user_id: string | null;
  email: string | null;
  expires_at: Date;
}

export const INSERT_SESSION = `INSERT INTO portal_sessions (app_id, token_hash, method, license_id, user_id, email, ip, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
  RETURNING id, expires_at`;

/** The live portal session of token hash `$1` in the portal of public id `$2` (its app's portal still on). */
export const FIND_SESSION = `SELECT s.id, s.app_id, s.method, s.license_id, s.user_id, s.email, s.expires_at
  FROM portal_sessions s JOIN portal_settings p ON p.app_id = s.app_id
  WHERE s.token_hash = $1 AND p.public_id = $2 AND p.enabled AND s.ended_at IS NULL AND s.expires_at > now()`;

export const END_SESSION = `UPDATE portal_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`;

/**
 * Up to `$1` portal sessions that expired more than a day ago
 * (portal_sessions_expires_idx); a signed-out session goes with its expiry,
 * at most PortalLimits.sessionTtlSeconds later.
 */
export const DELETE_OLD_SESSIONS = `DELETE FROM portal_sessions WHERE id IN (
    SELECT id FROM portal_sessions WHERE expires_at < now() - interval '1 day' LIMIT $1)`;

/** A key of the app `$1` presented as `$2` (licenses_app_key_key). */
export const KEY_BY_VALUE = `SELECT id FROM licenses WHERE app_id = $1 AND key = $2`;

/** A user of the app `$1` by canonical username `$2`, with its password hash (users_app_username_key). */
export const USER_BY_NAME = `SELECT id, password_hash FROM users WHERE app_id = $1 AND username_key = $2`;

/** Whether the app `$1` has a key for the customer email `$2` (licenses_app_customer_email_idx). */
export const EMAIL_HAS_KEYS = `SELECT EXISTS (SELECT 1 FROM licenses WHERE app_id = $1 AND customer_email = $2) AS found`;

/**
 * The keys a portal session reaches: its key and the keys of that key's user,
 * its user's keys, or every key of its email; `$1` app, `$2` license, `$3`
 * user, `$4` email (one not null).
 */
export const SCOPE_LICENSES = `SELECT l.id, l.key, l.status, l.level, l.expires_at, l.duration_type, l.user_id,
    l.ban_public_reason, l.activated_at,
    (SELECT p.renewal_url FROM store_order_licenses sol JOIN store_orders o ON o.id = sol.order_id
       JOIN store_products p ON p.id = o.product_id WHERE sol.license_id = l.id) AS renewal_url
  FROM licenses l
  WHERE l.app_id = $1
    AND (l.id = $2 OR l.customer_email = $4
         OR l.user_id = coalesce($3, (SELECT k.user_id FROM licenses k WHERE k.id = $2)))
  ORDER BY l.created_at, l.id
  LIMIT 100`;

export interface ScopeLicenseRow {
  id: string;
  key: string;
  status: 'UNUSED' | 'USED' | 'BANNED' | 'EXPIRED';
  level: number;
  expires_at: Date | null;
  duration_type: string;
  user_id: string | null;
  /** the renewal page of the store product the key was sold as, if it came from a store order */
  renewal_url: string | null;
  ban_public_reason: string | null;
  activated_at: Date | null;
}

export interface ScopeUserRow {
  id: string;
  username: string;
  level: number;
  hwid: string | null;
  expires_at: Date | null;
  banned: boolean;
  ban_public_reason: string | null;
  password_hash_set: boolean;
  last_login_at: Date | null;
  last_ip: string | null;
}

/** The app `$1`'s users `$2` (ids), as the portal shows them. */
export const SCOPE_USERS = `SELECT id, username, level, hwid, expires_at, banned, ban_public_reason,
    password_hash IS NOT NULL AS password_hash_set, last_login_at, last_ip
  FROM users WHERE app_id = $1 AND id = ANY($2::uuid[])
  ORDER BY created_at, id`;

export interface LiveSessionRow {
  id: string;
  user_id: string;
  ip: string | null;
  hwid: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** The live sessions of the users `$2` of the app `$1` (sessions_user_live_idx), newest first. */
export const LIVE_SESSIONS = `SELECT s.id, s.user_id, s.ip, s.hwid, s.created_at, s.last_seen_at
  FROM sessions s JOIN apps a ON a.id = s.app_id
  WHERE s.user_id = ANY($2::uuid[]) AND s.ended_at IS NULL AND s.app_id = $1
    AND ${liveSessionSql({ alias: 's', idleSeconds: 'a.session_idle_seconds' })}
  ORDER BY s.created_at DESC
  LIMIT 200`;

export interface ResetCountRow {
  user_id: string;
  used: number;
  oldest: Date | null;
  latest: Date | null;
  /** the clock the counts were taken at */
  now: Date;
}

/**
 * Per user of `$1`, the resets in the last `$2` days: how many, the oldest
 * (when one frees up) and the latest (the cooldown) (portal_hwid_resets_user_idx).
 * The clock is clock_timestamp(), as INSERT_RESET's, not the transaction's
 * start: a reset that waited for the user's lock counts the one it waited for.
 */
export const RESET_COUNTS = `SELECT u.id AS user_id, count(r.id)::int AS used, min(r.created_at) AS oldest,
    (SELECT max(created_at) FROM portal_hwid_resets x WHERE x.user_id = u.id) AS latest,
    clock_timestamp() AS now
  FROM unnest($1::uuid[]) AS u(id)
  LEFT JOIN portal_hwid_resets r
    ON r.user_id = u.id AND r.created_at > clock_timestamp() - make_interval(days => $2)
  GROUP BY u.id`;

export const INSERT_RESET = `INSERT INTO portal_hwid_resets (app_id, user_id, previous_hwid, ip, created_at)
  VALUES ($1, $2, $3, $4, clock_timestamp())`;

/** The latest unused code of `$2` in the app `$1` that is still valid, with an attempt taken (at most $3). */
export const TAKE_CODE_ATTEMPT = `UPDATE portal_email_codes SET attempts = attempts + 1
  WHERE id = (SELECT id FROM portal_email_codes
               WHERE app_id = $1 AND email = $2 AND used_at IS NULL AND expires_at > now()
               ORDER BY created_at DESC LIMIT 1)
    AND attempts < $3
  RETURNING id, code_hash`;

/** Uses the code `$1`: of parallel right answers, one wins. */
export const USE_CODE = `UPDATE portal_email_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`;

/** A new code for `$2` in the app `$1`, valid `$4` seconds; earlier ones of the email stop counting. */
export const INSERT_CODE = `WITH dropped AS (
    DELETE FROM portal_email_codes WHERE app_id = $1 AND email = $2)
  INSERT INTO portal_email_codes (app_id, email, code_hash, expires_at)
  VALUES ($1, $2, $3, now() + make_interval(secs => $4))`;

/** Up to `$1` email codes that expired more than a day ago (portal_email_codes_expires_idx). */
export const DELETE_OLD_CODES = `DELETE FROM portal_email_codes WHERE id IN (
    SELECT id FROM portal_email_codes WHERE expires_at < now() - interval '1 day' LIMIT $1)`;
