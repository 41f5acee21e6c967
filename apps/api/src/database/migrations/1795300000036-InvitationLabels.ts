import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 41: pending invitations could not be told apart (a role and a date
 * each). An optional label ("For Sam, support") names who an invitation is for.
 */
export class InvitationLabels1795300000036 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_invitations ADD COLUMN label text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_invitations DROP COLUMN label`);
  }
}
