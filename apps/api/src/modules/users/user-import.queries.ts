/*
 * The users module's statements for imports from KeyAuth (issue 26): it owns
 * `users` and writes them, reading the jobs module's staging tables in the
 * same statement (docs/data-access.md).
 */

/** The latest expiry a row may hold (the BoundedExpiry migration's check). */
const LATEST_EXPIRY = `'9999-12-31 23:59:59.999+00'::timestamptz`;

/**
 * Creates, in the app `$1`, the staged users of the import `$2` whose outcome
 * is `create`: password hash, HWID, ban, last IP and dates as staged; level
 * the highest of their subscriptions' levels (`$3` maps a subscription name
 * to its level, 1 when absent) and expiry the latest of their
 * subscriptions' (now, expired, without one: KeyAuth refuses such a user
 * too). A user of that name created since the preview is left alone.
 */
export const CREATE_IMPORTED_USERS = `INSERT INTO users (app_id, username, username_key, password_hash, hwid, level,
    max_devices, expires_at, banned, ban_reason, created_at, last_login_at, last_ip)
  SELECT $1, s.username, s.username_key, s.password_hash, s.hwid, COALESCE(sub.level, 1), GREATEST(s.hwid_count, 1),
    LEAST(COALESCE(sub.expires_at, now()), ${LATEST_EXPIRY}), s.banned, s.ban_reason,
    COALESCE(s.created_at, now()), s.last_login_at, s.ip
  FROM keyauth_import_users s
  LEFT JOIN LATERAL (
    SELECT max(COALESCE(($3::jsonb ->> x.name)::int, 1)) AS level, max(x.expires_at) AS expires_at
    FROM keyauth_import_subscriptions x WHERE x.import_id = s.import_id AND x.username_key = s.username_key
  ) sub ON true
  WHERE s.import_id = $2 AND s.outcome = 'create'
  ON CONFLICT (app_id, username_key) DO NOTHING
  RETURNING id`;

/** Users `$1` hold the keys `$2` (by position) when they hold none yet. */
export const LINK_IMPORTED_LICENSES = `UPDATE users u SET license_id = t.license_id
  FROM unnest($1::uuid[], $2::uuid[]) AS t(user_id, license_id)
  WHERE u.id = t.user_id AND u.license_id IS NULL`;
