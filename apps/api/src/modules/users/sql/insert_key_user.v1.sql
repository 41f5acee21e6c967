-- The user a key's first `license` makes, named after the key (p_username,
-- p_username_key its canonical form), with the key's level, device limit and
-- expiry. False when the name is taken: a registered user chose the key as
-- a username.
CREATE OR REPLACE FUNCTION insert_key_user(
  p_user uuid,
  p_app uuid,
  p_username text,
  p_username_key text,
  p_hwid text,
  p_level integer,
  p_max_devices integer,
  p_expires_at timestamptz,
  p_license uuid
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO users (id, app_id, username, username_key, password_hash, hwid, level, max_devices, expires_at, license_id)
  VALUES (p_user, p_app, p_username, p_username_key, NULL, p_hwid, p_level, p_max_devices, p_expires_at, p_license)
  ON CONFLICT (app_id, username_key) DO NOTHING;
  RETURN FOUND;
END
$$;
