-- open_session as migration 1795300000005 created it (inline there); kept so
-- that 1795300000008's `down` can put it back. Never edit a versioned file:
-- change the function with a new version and a new migration.
CREATE OR REPLACE FUNCTION open_session(
  p_user uuid,
  p_app uuid,
  p_session uuid,
  p_token_hash bytea,
  p_ip text,
  p_hwid text,
  p_expected_hwid text,
  p_store_hwid boolean,
  p_expires_at timestamptz,
  p_idle_seconds integer,
  p_license uuid,
  p_now timestamptz
) RETURNS TABLE (
  session_created_at timestamptz,
  username text,
  level integer,
  hwid text,
  user_expires_at timestamptz,
  user_created_at timestamptz,
  last_login_at timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked users%ROWTYPE;
BEGIN
  SELECT * INTO locked FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND
     OR locked.banned
     OR (locked.expires_at IS NOT NULL AND locked.expires_at <= p_now)
     OR locked.hwid IS DISTINCT FROM p_expected_hwid
     OR holds_banned_license(p_user)
     OR (p_license IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM licenses l
           WHERE l.id = p_license AND l.user_id = p_user AND l.status IN ('USED', 'EXPIRED'))) THEN
    RETURN;
  END IF;

  UPDATE sessions SET ended_at = p_now, end_reason = 'evicted'
   WHERE id IN (
     SELECT s.id FROM sessions s
      WHERE s.user_id = p_user
        AND s.ended_at IS NULL
        AND s.expires_at > p_now
        AND s.last_seen_at > p_now - make_interval(secs => p_idle_seconds)
      ORDER BY s.created_at DESC, s.id DESC
     OFFSET GREATEST(locked.max_devices - 1, 0));

  INSERT INTO sessions (id, app_id, user_id, token_hash, ip, hwid, expires_at, created_at, last_seen_at)
  VALUES (p_session, p_app, p_user, p_token_hash, p_ip, p_hwid, p_expires_at, p_now, p_now);

  RETURN QUERY
  UPDATE users u
     SET last_login_at = p_now,
         last_ip = p_ip,
         hwid = CASE WHEN p_store_hwid AND u.hwid IS NULL THEN p_hwid ELSE u.hwid END
   WHERE u.id = p_user
  RETURNING p_now, u.username, u.level, u.hwid, u.expires_at, u.created_at, u.last_login_at;
END
$$;
