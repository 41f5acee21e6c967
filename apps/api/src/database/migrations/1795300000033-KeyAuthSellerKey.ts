import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40: KeyAuth's seller API. One seller key per app, stored as the
 * SHA-256 of the key (a random 32-character key needs no slow hash); the
 * unique index on the hash is what every seller call looks its app up by.
 * Revoking deletes the row; rotating replaces the hash.
 */
export class KeyAuthSellerKey1795300000033 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE keyauth_seller_keys (
        app_id uuid PRIMARY KEY REFERENCES keyauth_apps(app_id) ON DELETE CASCADE,
        key_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        CONSTRAINT keyauth_seller_keys_key_hash_key UNIQUE (key_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE keyauth_seller_keys`);
  }
}
