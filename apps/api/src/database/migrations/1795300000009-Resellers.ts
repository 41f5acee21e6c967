import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resellers and credits (issue 11):
 * - accounts can be disabled (a disabled reseller's login and tokens answer
 *   401) and remember their last sign-in;
 * - `resellers`: the reseller account of one app, its credit balance (never
 *   below zero, enforced here too), net keys generated and allowed levels and
 *   durations (NULL allows any);
 * - `reseller_ledger`: every change of a balance with the balance after it;
 *   `seq` orders a reseller's entries as they were written under its row lock;
 * - licenses are filtered by who created them.
 */
export class Resellers1795300000009 implements MigrationInterface {
  name = 'Resellers1795300000009';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts ADD COLUMN disabled_at timestamptz, ADD COLUMN last_login_at timestamptz`);
    await q.query(`
      CREATE TABLE resellers (
        account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        credits integer NOT NULL DEFAULT 0 CONSTRAINT resellers_credits_not_negative CHECK (credits >= 0),
        keys_generated integer NOT NULL DEFAULT 0 CHECK (keys_generated >= 0),
        allowed_levels integer[],
        allowed_durations text[],
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX resellers_app_idx ON resellers (app_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE reseller_ledger (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        reseller_id uuid NOT NULL REFERENCES resellers(account_id) ON DELETE CASCADE,
        amount integer NOT NULL CHECK (amount <> 0),
        balance_after integer NOT NULL CHECK (balance_after >= 0),
        reason text NOT NULL CHECK (reason IN ('grant', 'generate', 'refund')),
        note text,
        license_ids uuid[] NOT NULL DEFAULT '{}',
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX reseller_ledger_reseller_idx ON reseller_ledger (reseller_id, seq DESC)`);
    await q.query(
      `CREATE INDEX licenses_app_created_by_idx ON licenses (app_id, created_by, created_at DESC)
        WHERE created_by IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX licenses_app_created_by_idx`);
    await q.query(`DROP TABLE reseller_ledger`);
    await q.query(`DROP TABLE resellers`);
    await q.query(`ALTER TABLE accounts DROP COLUMN disabled_at, DROP COLUMN last_login_at`);
  }
}
