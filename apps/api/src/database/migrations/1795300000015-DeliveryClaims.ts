import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery is claimed by the worker that sends it, until `claimed_until`:
 * a job queued again while an attempt is still in flight (the sweeper re-queues
 * a delivery whose job Redis lost in a restart) finds it claimed and sends
 * nothing, so a receiver gets each attempt once. Both ends of the lease are
 * read on PostgreSQL's clock.
 */
export class DeliveryClaims1795300000015 implements MigrationInterface {
  name = 'DeliveryClaims1795300000015';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN claimed_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN claimed_until`);
  }
}
