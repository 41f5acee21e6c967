-- A key's first use by `license`, in one call: under the key's row lock it
-- re-checks that the key is still UNUSED with the terms the caller read (the
-- caller counted the expiry from them), makes the key's user (named after
-- the key, id chosen by the caller, stamped with this login), marks the key
-- USED and opens the first session (open_first_session: open_session's
-- re-checks cannot fail for a user made here). Each step is its owner module's function;
-- statements of one function see each other's rows, which sibling CTEs of one
-- statement would not.
-- outcome: 'activated' with the session's row; 'changed' when the key was
-- redeemed or edited meanwhile (the caller looks again); 'name_taken' when a
-- registered user already holds the key as a username. Only 'activated'
-- writes anything.
CREATE OR REPLACE FUNCTION first_activation(
  p_license uuid,
  p_duration_type text,
  p_extra_days integer,
  p_level integer,
  p_max_devices integer,
  p_user uuid,
  p_username text,
  p_username_key text,
  p_bound_hwid text,
  p_license_expires_at timestamptz,
  p_app uuid,
  p_session uuid,
  p_token_hash bytea,
  p_ip text,
  p_hwid text,
  p_session_expires_at timestamptz,
  p_now timestamptz
) RETURNS TABLE (
  outcome text,
  session_created_at timestamptz,
  username text,
  level integer,
  hwid text,
  user_expires_at timestamptz,
  user_created_at timestamptz,
  last_login_at timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  made record;
BEGIN
  IF NOT lock_unused_license(p_license, p_app, p_duration_type, p_extra_days, p_level, p_max_devices) THEN
    RETURN QUERY SELECT 'changed'::text, NULL::timestamptz, NULL::text, NULL::integer, NULL::text,
                        NULL::timestamptz, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;

  SELECT * INTO made FROM insert_key_user(p_user, p_app, p_username, p_username_key, p_bound_hwid, p_level,
                                          p_max_devices, p_license_expires_at, p_license, p_now, p_ip);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'name_taken'::text, NULL::timestamptz, NULL::text, NULL::integer, NULL::text,
                        NULL::timestamptz, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;

  PERFORM mark_license_used(p_license, p_user, p_now, p_license_expires_at);
  PERFORM open_first_session(p_user, p_app, p_session, p_token_hash, p_ip, p_hwid, p_session_expires_at, p_now);

  RETURN QUERY SELECT 'activated'::text, p_now, made.username, made.level, made.hwid, made.user_expires_at,
                      made.user_created_at, made.last_login_at;
END
$$;
