import type { MigrationInterface, QueryRunner } from 'typeorm';

/** LATEST_EXPIRY of @latchkey/contracts, as PostgreSQL reads it. */
const LATEST_EXPIRY = `'9999-12-31 23:59:59.999+00'::timestamptz`;

/**
 * No user or license expires after 9999-12-31T23:59:59.999Z (issue 23): the
 * contract's timestamps have four-digit years, and repeated extensions once
 * pushed an expiry past what JavaScript's Date can hold (500 "Invalid time
 * value"). Expiries already past it are brought back to it; the checks are
 * added NOT VALID and validated after, so the tables stay writable while the
 * existing rows are checked.
 */
export class BoundedExpiry1795300000014 implements MigrationInterface {
  name = 'BoundedExpiry1795300000014';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'licenses']) {
      await q.query(`UPDATE ${table} SET expires_at = ${LATEST_EXPIRY} WHERE expires_at > ${LATEST_EXPIRY}`);
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${table}_expires_at_bounded CHECK (expires_at <= ${LATEST_EXPIRY}) NOT VALID`,
      );
      await q.query(`ALTER TABLE ${table} VALIDATE CONSTRAINT ${table}_expires_at_bounded`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'licenses']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_expires_at_bounded`);
    }
  }
}
