import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Licensing1795300000001 implements MigrationInterface {
  name = 'Licensing1795300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        username text NOT NULL,
        password_hash text,
        hwid text,
        level integer NOT NULL DEFAULT 1,
        max_devices integer NOT NULL DEFAULT 1,
        expires_at timestamptz,
        banned boolean NOT NULL DEFAULT false,
        ban_reason text,
        license_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_login_at timestamptz,
        last_ip text
      )`);
    // Usernames are unique per app regardless of case, so "Bob" cannot shadow "bob".
    await q.query(`CREATE UNIQUE INDEX users_app_username_key ON users (app_id, lower(username))`);
    await q.query(`CREATE INDEX users_app_created_idx ON users (app_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE licenses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        key text NOT NULL,
        status text NOT NULL DEFAULT 'UNUSED' CHECK (status IN ('UNUSED', 'USED', 'BANNED', 'EXPIRED')),
        duration_type text NOT NULL CHECK (duration_type IN ('1h', '1d', '7d', '30d', '90d', '365d', 'lifetime')),
        level integer NOT NULL DEFAULT 1,
        max_devices integer NOT NULL DEFAULT 1,
        prefix text,
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        expires_at timestamptz,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        ban_reason text
      )`);
    await q.query(`CREATE UNIQUE INDEX licenses_app_key_key ON licenses (app_id, key)`);
    await q.query(`CREATE INDEX licenses_app_status_idx ON licenses (app_id, status, created_at DESC)`);
    await q.query(`CREATE INDEX licenses_user_idx ON licenses (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`ALTER TABLE users ADD FOREIGN KEY (license_id) REFERENCES licenses(id) ON DELETE SET NULL`);

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL,
        ip text,
        hwid text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason text
      )`);
    await q.query(`CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash)`);
    await q.query(`CREATE INDEX sessions_user_live_idx ON sessions (user_id, created_at) WHERE ended_at IS NULL`);
    await q.query(`CREATE INDEX sessions_app_live_idx ON sessions (app_id, created_at DESC) WHERE ended_at IS NULL`);

    await q.query(`
      CREATE TABLE variables (
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        key text NOT NULL,
        value text NOT NULL,
        min_level integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, key)
      )`);

    // Domain events, written in the transaction of the change that causes them.
    await q.query(`
      CREATE TABLE events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        name text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE events`);
    await q.query(`DROP TABLE variables`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`ALTER TABLE users DROP COLUMN license_id`);
    await q.query(`DROP TABLE licenses`);
    await q.query(`DROP TABLE users`);
  }
}
