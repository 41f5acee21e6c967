import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43, the customer portal (docs/customer-portal.md). The portal module
 * owns its settings, sessions, one-time codes and HWID reset history; the
 * keys gain the customer's email (for sign-in by email) and both keys and
 * users a ban reason the customer may read; files a flag for being offered in
 * the portal; download links may belong to a portal session instead of a
 * client session.
 */
export class CustomerPortal1795300000038 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE portal_settings (
        app_id uuid PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
        public_id text NOT NULL,
        enabled boolean NOT NULL DEFAULT false,
        display_name text,
        accent_color text NOT NULL DEFAULT '#4f46e5',
        support_url text,
        level_names jsonb NOT NULL DEFAULT '{}',
        sign_in_methods text[] NOT NULL DEFAULT '{key,password,email}',
        hwid_reset_mode text NOT NULL DEFAULT 'off' CHECK (hwid_reset_mode IN ('off', 'limited')),
        hwid_resets_per_period integer NOT NULL DEFAULT 1 CHECK (hwid_resets_per_period BETWEEN 1 AND 100),
        hwid_reset_period_days integer NOT NULL DEFAULT 30 CHECK (hwid_reset_period_days BETWEEN 1 AND 3650),
        hwid_reset_cooldown_hours integer NOT NULL DEFAULT 24 CHECK (hwid_reset_cooldown_hours BETWEEN 0 AND 8760),
        hwid_reset_ends_sessions boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX portal_settings_public_id_key ON portal_settings (public_id)`);

    await q.query(`
      CREATE TABLE portal_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        method text NOT NULL CHECK (method IN ('key', 'password', 'email')),
        license_id uuid REFERENCES licenses(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        email text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        CHECK (num_nonnulls(license_id, user_id, email) = 1)
      )`);
    await q.query(`CREATE UNIQUE INDEX portal_sessions_token_hash_key ON portal_sessions (token_hash)`);
    await q.query(`CREATE INDEX portal_sessions_expires_idx ON portal_sessions (expires_at)`);
    await q.query(
      `CREATE INDEX portal_sessions_license_idx ON portal_sessions (license_id) WHERE license_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX portal_sessions_user_idx ON portal_sessions (user_id) WHERE user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE portal_email_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        email text NOT NULL,
        code_hash bytea NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX portal_email_codes_email_idx ON portal_email_codes (app_id, email, created_at DESC)`);
    await q.query(`CREATE INDEX portal_email_codes_expires_idx ON portal_email_codes (expires_at)`);

    await q.query(`
      CREATE TABLE portal_hwid_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        previous_hwid text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX portal_hwid_resets_user_idx ON portal_hwid_resets (user_id, created_at DESC)`);

    // Constant defaults and nullable columns: no table rewrite.
    await q.query(`ALTER TABLE licenses ADD COLUMN customer_email text, ADD COLUMN ban_public_reason text`);
    await q.query(
      `CREATE INDEX licenses_app_customer_email_idx ON licenses (app_id, customer_email) WHERE customer_email IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE users ADD COLUMN ban_public_reason text, ADD COLUMN hwid_self_resets integer NOT NULL DEFAULT 0`,
    );
    await q.query(`ALTER TABLE files ADD COLUMN portal_offered boolean NOT NULL DEFAULT false`);

    await q.query(`
      ALTER TABLE file_links
        ALTER COLUMN session_id DROP NOT NULL,
        ADD COLUMN portal_session_id uuid REFERENCES portal_sessions(id) ON DELETE CASCADE,
        ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        ADD CONSTRAINT file_links_one_session CHECK (
          (session_id IS NOT NULL AND portal_session_id IS NULL)
          OR (session_id IS NULL AND portal_session_id IS NOT NULL AND user_id IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM file_links WHERE session_id IS NULL`);
    await q.query(`ALTER TABLE file_links DROP CONSTRAINT file_links_one_session,
      DROP COLUMN user_id, DROP COLUMN portal_session_id, ALTER COLUMN session_id SET NOT NULL`);
    await q.query(`ALTER TABLE files DROP COLUMN portal_offered`);
    await q.query(`ALTER TABLE users DROP COLUMN hwid_self_resets, DROP COLUMN ban_public_reason`);
    await q.query(`DROP INDEX licenses_app_customer_email_idx`);
    await q.query(`ALTER TABLE licenses DROP COLUMN ban_public_reason, DROP COLUMN customer_email`);
    await q.query(`DROP TABLE portal_hwid_resets`);
    await q.query(`DROP TABLE portal_email_codes`);
    await q.query(`DROP TABLE portal_sessions`);
    await q.query(`DROP TABLE portal_settings`);
  }
}
