import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795300000000 implements MigrationInterface {
  name = 'Foundation1795300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'reseller')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (email)`);
    await q.query(`
      CREATE TABLE access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('login', 'personal')),
        name text,
        token_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX access_tokens_token_hash_key ON access_tokens (token_hash)`);
    await q.query(`CREATE INDEX access_tokens_account_idx ON access_tokens (account_id, kind)`);
    await q.query(`
      CREATE TABLE apps (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        version text NOT NULL,
        update_url text,
        enabled boolean NOT NULL DEFAULT true,
        hwid_lock boolean NOT NULL DEFAULT true,
        session_ttl_seconds integer NOT NULL DEFAULT 86400,
        session_idle_seconds integer NOT NULL DEFAULT 1800,
        rate_limit_per_minute integer NOT NULL DEFAULT 60,
        api_key_hash bytea NOT NULL,
        public_key text NOT NULL,
        private_key_sealed bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX apps_owner_idx ON apps (owner_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE apps`);
    await q.query(`DROP TABLE access_tokens`);
    await q.query(`DROP TABLE accounts`);
  }
}
