import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `open_session`: opens a session for a user in one round trip, holding the
 * device limit under any concurrency. It locks the user row, re-checks what
 * the caller checked before (ban, expiry, HWID and, for key logins, that the
 * key is still this user's and not banned), ends the oldest live sessions beyond
 * maxDevices - 1, inserts the new one and stamps the login. It returns no row
 * when a check fails: the caller then looks again and answers precisely.
 *
 * Why a function: in READ COMMITTED a single statement reads with the snapshot
 * taken when it started, so a login that waited for the user lock would not
 * see the session committed by the login it waited for, and would keep both.
 * Statements inside a VOLATILE function each take a fresh snapshot, so the
 * eviction below runs after the lock and sees every committed session.
 */
export class SessionOpening1795300000004 implements MigrationInterface {
  name = 'SessionOpening1795300000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
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
        p_license uuid
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
           OR (locked.expires_at IS NOT NULL AND locked.expires_at <= now())
           OR locked.hwid IS DISTINCT FROM p_expected_hwid
           OR (p_license IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM licenses l
                 WHERE l.id = p_license AND l.user_id = p_user AND l.status IN ('USED', 'EXPIRED'))) THEN
          RETURN;
        END IF;

        UPDATE sessions SET ended_at = now(), end_reason = 'evicted'
         WHERE id IN (
           SELECT s.id FROM sessions s
            WHERE s.user_id = p_user
              AND s.ended_at IS NULL
              AND s.expires_at > now()
              AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
            ORDER BY s.created_at DESC, s.id DESC
           OFFSET GREATEST(locked.max_devices - 1, 0));

        INSERT INTO sessions (id, app_id, user_id, token_hash, ip, hwid, expires_at)
        VALUES (p_session, p_app, p_user, p_token_hash, p_ip, p_hwid, p_expires_at);

        RETURN QUERY
        UPDATE users u
           SET last_login_at = now(),
               last_ip = p_ip,
               hwid = CASE WHEN p_store_hwid AND u.hwid IS NULL THEN p_hwid ELSE u.hwid END
         WHERE u.id = p_user
        RETURNING now(), u.username, u.level, u.hwid, u.expires_at, u.created_at, u.last_login_at;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION open_session`);
  }
}
