import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8's schema changes:
 * - login tokens remember the IP and user agent they were issued to, so an
 *   owner can tell its sign-ins apart and revoke one;
 * - `holds_banned_license(user)`: the contract's one rule for every
 *   authenticating type (a user holding any BANNED license is refused,
 *   whichever key was presented), used by the client lookups and by
 *   `open_session`, which now refuses such a user (the caller looks again and
 *   answers `License is banned`).
 * - `open_session` takes the time (`p_now`) from the caller, who computes the
 *   session's end and its `session.create` event with the same instant: one
 *   clock, so the owner's list and the client's answer agree to the
 *   millisecond. Otherwise the body is 1795300000004's.
 */
export class AccountSecurity1795300000005 implements MigrationInterface {
  name = 'AccountSecurity1795300000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE access_tokens ADD COLUMN ip text, ADD COLUMN user_agent text`);
    await q.query(`
      CREATE FUNCTION holds_banned_license(p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (SELECT 1 FROM licenses WHERE user_id = p_user AND status = 'BANNED')
      $$`);
    await q.query(
      `DROP FUNCTION open_session(uuid, uuid, uuid, bytea, text, text, text, boolean, timestamptz, integer, uuid)`,
    );
    await q.query(openSession({ v5: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION open_session(uuid, uuid, uuid, bytea, text, text, text, boolean, timestamptz, integer, uuid, timestamptz)`,
    );
    await q.query(openSession({ v5: false }));
    await q.query(`DROP FUNCTION holds_banned_license(uuid)`);
    await q.query(`ALTER TABLE access_tokens DROP COLUMN ip, DROP COLUMN user_agent`);
  }
}

/** This migration's open_session (`v5`), or 1795300000004's, which `down` restores. */
function openSession({ v5 }: { v5: boolean }): string {
  const bannedLicense = v5 ? 'OR holds_banned_license(p_user)' : '';
  const now = v5 ? 'p_now' : 'now()';
  return `
      CREATE FUNCTION open_session(
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
        p_license uuid${v5 ? ', p_now timestamptz' : ''}
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
           OR (locked.expires_at IS NOT NULL AND locked.expires_at <= ${now})
           OR locked.hwid IS DISTINCT FROM p_expected_hwid
           ${bannedLicense}
           OR (p_license IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM licenses l
                 WHERE l.id = p_license AND l.user_id = p_user AND l.status IN ('USED', 'EXPIRED'))) THEN
          RETURN;
        END IF;

        UPDATE sessions SET ended_at = ${now}, end_reason = 'evicted'
         WHERE id IN (
           SELECT s.id FROM sessions s
            WHERE s.user_id = p_user
              AND s.ended_at IS NULL
              AND s.expires_at > ${now}
              AND s.last_seen_at > ${now} - make_interval(secs => p_idle_seconds)
            ORDER BY s.created_at DESC, s.id DESC
           OFFSET GREATEST(locked.max_devices - 1, 0));

        INSERT INTO sessions (id, app_id, user_id, token_hash, ip, hwid, expires_at, created_at, last_seen_at)
        VALUES (p_session, p_app, p_user, p_token_hash, p_ip, p_hwid, p_expires_at, ${now}, ${now});

        RETURN QUERY
        UPDATE users u
           SET last_login_at = ${now},
               last_ip = p_ip,
               hwid = CASE WHEN p_store_hwid AND u.hwid IS NULL THEN p_hwid ELSE u.hwid END
         WHERE u.id = p_user
        RETURNING ${now}, u.username, u.level, u.hwid, u.expires_at, u.created_at, u.last_login_at;
      END
      $$`;
}
