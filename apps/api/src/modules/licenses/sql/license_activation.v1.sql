-- A key's first activation, its two steps in the licenses module (first_activation,
-- in the client module, runs them around the user's insert).

-- Locks the key p_license of p_app if it is still UNUSED with the terms the
-- caller read (duration, extra days, level, device limit): false when it was
-- redeemed or edited meanwhile.
CREATE OR REPLACE FUNCTION lock_unused_license(
  p_license uuid,
  p_app uuid,
  p_duration_type text,
  p_extra_days integer,
  p_level integer,
  p_max_devices integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM licenses l
   WHERE l.id = p_license AND l.app_id = p_app AND l.status = 'UNUSED'
     AND l.duration_type = p_duration_type AND l.extra_days = p_extra_days
     AND l.level = p_level AND l.max_devices = p_max_devices
     FOR UPDATE;
  RETURN FOUND;
END
$$;

-- UNUSED -> USED for p_user, its expiry counted by the caller from p_now.
-- PL/pgSQL rather than SQL, which would plan the update again on every call.
CREATE OR REPLACE FUNCTION mark_license_used(
  p_license uuid,
  p_user uuid,
  p_now timestamptz,
  p_expires_at timestamptz
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE licenses SET status = 'USED', activated_at = p_now, expires_at = p_expires_at, user_id = p_user
   WHERE id = p_license;
END
$$;
