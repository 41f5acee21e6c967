import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37: a password change ends the pending invitations its account
 * created and its open passkey registrations, and a demoted or removed
 * member's invitations are revoked. Each finds its rows by creator or
 * account, which no index served (a scan of every invitation or challenge).
 */
export class AccountSecurityIndexes1795300000029 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX app_invitations_creator_pending_idx ON app_invitations (created_by)
      WHERE used_at IS NULL AND revoked_at IS NULL`);
    await q.query(`CREATE INDEX passkey_challenges_account_idx ON passkey_challenges (account_id)
      WHERE account_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX passkey_challenges_account_idx`);
    await q.query(`DROP INDEX app_invitations_creator_pending_idx`);
  }
}
