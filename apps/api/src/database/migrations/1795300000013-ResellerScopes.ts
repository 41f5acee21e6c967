import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resellers' identities and device bound (issue 23):
 * - a reseller account belongs to the app it sells (`accounts.app_id`, null
 *   for owners, and the same app as its `resellers` row); emails are unique
 *   among owners and within each app's resellers, no longer across all
 *   accounts, so creating a reseller cannot tell whether an email has an
 *   account elsewhere;
 * - `resellers.max_devices_limit`: the most devices a key the reseller
 *   generates may allow (NULL: any up to the license limit).
 */
export class ResellerScopes1795300000013 implements MigrationInterface {
  name = 'ResellerScopes1795300000013';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts ADD COLUMN app_id uuid REFERENCES apps(id) ON DELETE CASCADE`);
    await q.query(`UPDATE accounts a SET app_id = r.app_id FROM resellers r WHERE r.account_id = a.id`);
    await q.query(
      `ALTER TABLE accounts ADD CONSTRAINT accounts_app_of_resellers CHECK ((role = 'reseller') = (app_id IS NOT NULL))`,
    );
    // The reseller row names the same app as its account.
    await q.query(`ALTER TABLE accounts ADD CONSTRAINT accounts_id_app_key UNIQUE (id, app_id)`);
    await q.query(
      `ALTER TABLE resellers ADD CONSTRAINT resellers_account_app_fkey
         FOREIGN KEY (account_id, app_id) REFERENCES accounts (id, app_id)`,
    );
    // Owners (app_id NULL) share one scope; email leads, so sign-in looks up by email alone.
    await q.query(`DROP INDEX accounts_email_key`);
    await q.query(
      `CREATE UNIQUE INDEX accounts_email_scope_key
         ON accounts (email, coalesce(app_id, '00000000-0000-0000-0000-000000000000'::uuid))`,
    );
    await q.query(
      `ALTER TABLE resellers ADD COLUMN max_devices_limit integer
         CONSTRAINT resellers_max_devices_limit_range CHECK (max_devices_limit BETWEEN 1 AND 1000)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE resellers DROP COLUMN max_devices_limit`);
    await q.query(`DROP INDEX accounts_email_scope_key`);
    await q.query(`CREATE UNIQUE INDEX accounts_email_key ON accounts (email)`);
    await q.query(`ALTER TABLE resellers DROP CONSTRAINT resellers_account_app_fkey`);
    await q.query(`ALTER TABLE accounts DROP COLUMN app_id`);
  }
}
