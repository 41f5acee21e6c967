-- The contract's ban rule for every authenticating type: a user holding any
-- BANNED license is refused, whichever key was presented. Used by the client
-- lookups and by open_session under the user lock.
-- PL/pgSQL rather than SQL (v1): a SQL function whose body holds a subquery is
-- never inlined, and PostgreSQL (before 18) plans its body again on every call.
-- PL/pgSQL keeps the plan for the life of the connection.
CREATE OR REPLACE FUNCTION holds_banned_license(p_user uuid) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM licenses WHERE user_id = p_user AND status = 'BANNED');
END
$$;
