import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order email's record (docs/decisions/store-delivery.md): PostgreSQL,
 * not Redis, counts its attempts, so a Redis restart neither resends a sent
 * mail nor restarts its retries; an attempt claims the order's email until
 * `email_claimed_until`, so a job queued twice sends it once.
 */
export class OrderEmailAttempts1795300000039 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE store_orders
        ADD COLUMN email_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN email_claimed_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE store_orders DROP COLUMN email_attempts, DROP COLUMN email_claimed_until`);
  }
}
