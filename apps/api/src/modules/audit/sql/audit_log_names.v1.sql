-- The names an audit entry is about, so GET .../logs?search= finds a key's or
-- a user's entries through one GIN index (audit_log_names_idx) at any size:
--   user:<id>              its user (details.userId)
--   license:<id>           its key by id (details.licenseId, each of a generation's details.licenseIds)
--   key:<app>:<key>        a key by its text: what a `client.license` call presented (the actor),
--                          an admin.license.* entry's details.key
--   name:<app>:<username>  a username in ASCII lower case (usernameKey): the actor of the other
--                          client calls, details.username, a rename's old and new names, a
--                          username blacklisted or unblocked
-- Text names carry the app, so a common name is looked up in its own app only.
-- PL/pgSQL rather than SQL: a SQL body holding a subquery is planned again on
-- every call (every audit insert); PL/pgSQL keeps its plans per connection.
-- It calls only pg_catalog's functions: pg_restore builds the index with an
-- empty search_path, where a function of ours would not be found.
-- Usernames fold as usernameKey does (contracts/usernames.ts): ASCII letters
-- only, never the locale's lower().
CREATE OR REPLACE FUNCTION audit_log_names(p_app uuid, p_type text, p_actor text, p_details jsonb)
RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  text_prefix text := p_app::text || ':';
  upper_ascii constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  lower_ascii constant text := 'abcdefghijklmnopqrstuvwxyz';
  names text[];
BEGIN
  names := ARRAY[
    'user:' || (p_details->>'userId'),
    'license:' || (p_details->>'licenseId'),
    CASE WHEN p_type = 'client.license' THEN 'key:' || text_prefix || p_actor END,
    CASE WHEN p_type LIKE 'admin.license.%' THEN 'key:' || text_prefix || (p_details->>'key') END,
    CASE WHEN p_type LIKE 'client.%' AND p_type <> 'client.license'
      THEN 'name:' || text_prefix || translate(p_actor, upper_ascii, lower_ascii) END,
    'name:' || text_prefix || translate(p_details->>'username', upper_ascii, lower_ascii),
    CASE WHEN p_type = 'admin.user.rename' THEN 'name:' || text_prefix || translate(p_details->>'from', upper_ascii, lower_ascii) END,
    CASE WHEN p_type = 'admin.user.rename' THEN 'name:' || text_prefix || translate(p_details->>'to', upper_ascii, lower_ascii) END,
    CASE WHEN p_type = 'admin.user.rename'
      THEN 'name:' || text_prefix || translate(p_details->>'previousUsername', upper_ascii, lower_ascii) END,
    CASE WHEN p_type LIKE 'admin.blacklist.%' AND p_details->>'type' = 'username'
      THEN 'name:' || text_prefix || translate(p_details->>'value', upper_ascii, lower_ascii) END
  ];
  IF jsonb_typeof(p_details->'licenseIds') = 'array' THEN
    names := names || ARRAY(SELECT 'license:' || id FROM jsonb_array_elements_text(p_details->'licenseIds') id);
  END IF;
  RETURN array_remove(names, NULL);
END
$$;
