-- The user a key's first `license` makes, named after the key (p_username,
-- p_username_key its canonical form), with the key's level, device limit and
-- expiry, and stamped with the login that made it (p_now, from p_ip). No row
-- when the name is taken: a registered user chose the key as a username.
CREATE OR REPLACE FUNCTION insert_key_user(
  p_user uuid,
  p_app uuid,
  p_username text,
  p_username_key text,
  p_hwid text,
  p_level integer,
  p_max_devices integer,
  p_expires_at timestamptz,
  p_license uuid,
  p_now timestamptz,
  p_ip text
) RETURNS TABLE (
  username text,
  level integer,
  hwid text,
  user_expires_at timestamptz,
  user_created_at timestamptz,
  last_login_at timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  INSERT INTO users AS u (id, app_id, username, username_key, password_hash, hwid, level, max_devices, expires_at,
                          license_id, last_login_at, last_ip)
  VALUES (p_user, p_app, p_username, p_username_key, NULL, p_hwid, p_level, p_max_devices, p_expires_at, p_license,
          p_now, p_ip)
  ON CONFLICT (app_id, username_key) DO NOTHING
  RETURNING u.username, u.level, u.hwid, u.expires_at, u.created_at, u.last_login_at;
END
$$;
