import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * KeyAuth compatibility settings, one row per app that has read or saved them
 * (issue 26). KeyAuth clients name their app by `ownerid` + `name`, so that
 * pair is unique across the deployment and its unique index is the lookup of
 * every compat call (through a cache). The 1.2 HMAC secret must be usable in
 * the clear, so it is sealed under MASTER_KEY like the signing keys.
 */
export class KeyAuthApps1795300000023 implements MigrationInterface {
  name = 'KeyAuthApps1795300000023';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE keyauth_apps (
        app_id uuid PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
        enabled boolean NOT NULL DEFAULT false,
        owner_id text NOT NULL CHECK (owner_id ~ '^[A-Za-z0-9]{10}$'),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
        versions text[] NOT NULL DEFAULT '{1.3,1.2}',
        subscription_names jsonb NOT NULL DEFAULT '{}',
        fetch_online boolean NOT NULL DEFAULT false,
        self_ban boolean NOT NULL DEFAULT true,
        app_version text,
        download_url text,
        secret_sealed bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT keyauth_apps_owner_id_name_key UNIQUE (owner_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE keyauth_apps`);
  }
}
