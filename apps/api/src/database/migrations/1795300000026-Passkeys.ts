import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (issue 28): an account's WebAuthn credentials, and the challenges
 * of their ceremonies. A credential id is unique over every account (an
 * authenticator answers with it alone in a passwordless sign-in). A challenge
 * is kept as its SHA-256 only, used once (`used_at`, set by the statement that
 * accepts it) and dies at `expires_at`; a registration's belongs to the
 * account that asked for it, a passwordless sign-in's to nobody yet.
 */
export class Passkeys1795300000026 implements MigrationInterface {
  name = 'Passkeys1795300000026';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        credential_id text NOT NULL,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX passkeys_credential_id_key ON passkeys (credential_id)`);
    await q.query(`CREATE INDEX passkeys_account_idx ON passkeys (account_id, created_at)`);
    await q.query(`
      CREATE TABLE passkey_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose text NOT NULL CHECK (purpose IN ('registration', 'sign-in')),
        account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
        challenge_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX passkey_challenges_hash_idx ON passkey_challenges (challenge_hash)`);
    await q.query(`CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE passkey_challenges`);
    await q.query(`DROP TABLE passkeys`);
  }
}
