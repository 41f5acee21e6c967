-- The contract's ban rule for every authenticating type: a user holding any
-- BANNED license is refused, whichever key was presented. Used by the client
-- lookups and by open_session under the user lock. (First created inline by
-- migration 1795300000005, with this body.)
CREATE OR REPLACE FUNCTION holds_banned_license(p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM licenses WHERE user_id = p_user AND status = 'BANNED')
$$;
