/*
 * The licenses module's statement for imports from KeyAuth (issue 26): it
 * owns `licenses` and writes them, reading the jobs module's staging table
 * and the app's users in the same statement (docs/data-access.md).
 */

const LATEST_EXPIRY = `'9999-12-31 23:59:59.999+00'::timestamptz`;

/** A duration type's length as an interval (lifetime has none). */
const DURATION_INTERVAL = `CASE s.duration_type WHEN '1h' THEN interval '1 hour' WHEN '1d' THEN interval '1 day'
  WHEN '7d' THEN interval '7 days' WHEN '30d' THEN interval '30 days' WHEN '90d' THEN interval '90 days'
  WHEN '365d' THEN interval '365 days' END`;

/**
 * Creates, in the app `$1` (made by the account `$3`), the staged keys of the
 * import `$2` whose outcome is `create`, with their status. A used or banned
 * key that was used keeps when (KeyAuth's `usedon`, else now) and so its end
 * (duration and extra days from then), and is tied to the app's user of its
 * `usedby` name when there is one. A key the app got since the preview is left alone.
 */
export const CREATE_IMPORTED_KEYS = `INSERT INTO licenses (app_id, key, status, duration_type, extra_days, level, note,
    created_by, activated_at, expires_at, user_id, ban_reason)
  SELECT $1, s.key, s.status, s.duration_type, s.extra_days, s.level, s.note, $3, a.activated_at,
    CASE WHEN a.activated_at IS NOT NULL AND s.duration_type <> 'lifetime'
      THEN LEAST(a.activated_at + ${DURATION_INTERVAL} + make_interval(days => s.extra_days), ${LATEST_EXPIRY}) END,
    u.id, s.ban_reason
  FROM keyauth_import_keys s
  CROSS JOIN LATERAL (SELECT CASE WHEN s.status = 'USED' OR s.used_by_key IS NOT NULL
    THEN COALESCE(s.activated_at, now()) END AS activated_at) a
  LEFT JOIN users u ON u.app_id = $1 AND u.username_key = s.used_by_key
  WHERE s.import_id = $2 AND s.outcome = 'create'
  ON CONFLICT (app_id, key) DO NOTHING
  RETURNING id, user_id`;
