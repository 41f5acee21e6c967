-- Opens the first session of p_user, a user made earlier in the same
-- transaction (first_activation) and stamped with this login as it was made.
-- open_session's re-checks and eviction are left out because they hold by
-- construction for such a user: it has no session, is not banned, holds no
-- banned key, and has the HWID it was made with. Skipping them, and the
-- second write of the user's row, was a fifth of a first activation's cost
-- (issue 38).
CREATE OR REPLACE FUNCTION open_first_session(
  p_user uuid,
  p_app uuid,
  p_session uuid,
  p_token_hash bytea,
  p_ip text,
  p_hwid text,
  p_expires_at timestamptz,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO sessions (id, app_id, user_id, token_hash, ip, hwid, expires_at, created_at, last_seen_at)
  VALUES (p_session, p_app, p_user, p_token_hash, p_ip, p_hwid, p_expires_at, p_now, p_now);
END
$$;
