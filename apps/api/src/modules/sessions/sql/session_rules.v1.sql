-- The session rules, written once (session-rules.ts builds every statement's
-- condition from these; open_session uses them too). Plain SQL functions, so
-- the planner inlines them: an index on `ended_at IS NULL` still applies.

-- A session is live at p_at: not ended, before its absolute end, and seen
-- within the app's idle timeout.
CREATE OR REPLACE FUNCTION session_is_live(
  p_ended_at timestamptz,
  p_expires_at timestamptz,
  p_last_seen_at timestamptz,
  p_at timestamptz,
  p_idle_seconds integer
) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_ended_at IS NULL
     AND p_expires_at > p_at
     AND p_last_seen_at > p_at - make_interval(secs => p_idle_seconds)
$$;

-- When a session ends without further activity: its absolute end or the idle
-- timeout counted from its last activity, whichever comes first.
CREATE OR REPLACE FUNCTION session_ends_at(
  p_expires_at timestamptz,
  p_last_seen_at timestamptz,
  p_idle_seconds integer
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT LEAST(p_expires_at, p_last_seen_at + make_interval(secs => p_idle_seconds))
$$;
