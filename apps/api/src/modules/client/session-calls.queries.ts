/*
 * The lookups of the session-gated client types: named prepared statements
 * (client-session, client-session-variable), whose text must never change
 * for a given name.
 */

/**
 * The session and its user by token hash alone (its unique index); the app is
 * compared afterwards, so no other index can look cheaper to the planner.
 */
export const SESSION_LOOKUP = `SELECT s.id AS session_id, s.app_id, s.user_id, s.expires_at AS session_expires_at,
    s.last_seen_at, u.username, u.level, u.hwid, u.expires_at, u.banned, u.created_at, u.last_login_at
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.token_hash = $1 AND s.ended_at IS NULL`;
/** The same, with the variable `$2` of the session's app. */
export const SESSION_AND_VARIABLE_LOOKUP = `SELECT s.id AS session_id, s.app_id, s.user_id, s.expires_at AS session_expires_at,
    s.last_seen_at, u.username, u.level, u.hwid, u.expires_at, u.banned, u.created_at, u.last_login_at,
    v.value, v.min_level
  FROM sessions s JOIN users u ON u.id = s.user_id
  LEFT JOIN variables v ON v.app_id = s.app_id AND v.key = $2
 WHERE s.token_hash = $1 AND s.ended_at IS NULL`;
