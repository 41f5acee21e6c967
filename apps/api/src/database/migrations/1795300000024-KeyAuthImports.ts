import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports from KeyAuth (issue 26): an import's row, and the staging tables
 * its upload streams into. The preview job writes each staged row's
 * outcome; the commit job re-checks them and writes users and keys in one
 * transaction, then drops the staged rows (they hold password hashes). The
 * (import_id, username_key, line) and (import_id, key, line) indexes find a
 * row's earlier duplicate in the file; subscriptions are read by user.
 */
export class KeyAuthImports1795300000024 implements MigrationInterface {
  name = 'KeyAuthImports1795300000024';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE keyauth_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        format text NOT NULL,
        file_name text,
        preview_job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        commit_job_id uuid REFERENCES jobs(id) ON DELETE SET NULL,
        levels jsonb NOT NULL DEFAULT '{}',
        result jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX keyauth_imports_app_created_idx ON keyauth_imports (app_id, created_at DESC, id DESC)`);
    await q.query(`CREATE UNIQUE INDEX keyauth_imports_preview_job_key ON keyauth_imports (preview_job_id)`);
    await q.query(`CREATE UNIQUE INDEX keyauth_imports_commit_job_key ON keyauth_imports (commit_job_id)`);
    await q.query(`
      CREATE TABLE keyauth_import_users (
        import_id uuid NOT NULL REFERENCES keyauth_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        username text NOT NULL,
        username_key text,
        password_hash text,
        hwid text,
        hwid_count integer NOT NULL,
        banned boolean NOT NULL,
        ban_reason text,
        ip text,
        created_at timestamptz,
        last_login_at timestamptz,
        problem text,
        outcome text,
        reason text,
        PRIMARY KEY (import_id, line)
      )`);
    await q.query(`CREATE INDEX keyauth_import_users_name_idx ON keyauth_import_users (import_id, username_key, line)`);
    await q.query(`
      CREATE TABLE keyauth_import_subscriptions (
        import_id uuid NOT NULL REFERENCES keyauth_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        username_key text NOT NULL,
        name text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (import_id, line)
      )`);
    await q.query(
      `CREATE INDEX keyauth_import_subscriptions_user_idx ON keyauth_import_subscriptions (import_id, username_key)`,
    );
    await q.query(`
      CREATE TABLE keyauth_import_keys (
        import_id uuid NOT NULL REFERENCES keyauth_imports(id) ON DELETE CASCADE,
        line integer NOT NULL,
        key text NOT NULL,
        level integer NOT NULL,
        duration_type text NOT NULL,
        extra_days integer NOT NULL,
        status text NOT NULL,
        used_by text,
        used_by_key text,
        activated_at timestamptz,
        note text,
        ban_reason text,
        problem text,
        outcome text,
        reason text,
        PRIMARY KEY (import_id, line)
      )`);
    await q.query(`CREATE INDEX keyauth_import_keys_key_idx ON keyauth_import_keys (import_id, key, line)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE keyauth_import_keys`);
    await q.query(`DROP TABLE keyauth_import_subscriptions`);
    await q.query(`DROP TABLE keyauth_import_users`);
    await q.query(`DROP TABLE keyauth_imports`);
  }
}
