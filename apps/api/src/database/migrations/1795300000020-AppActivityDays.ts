import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin reads that stay flat as an app grows (issue 25, docs/decisions.md
 * "Admin reads at scale"):
 * - `app_activity_days`: an app's activations and logins per closed UTC day,
 *   as the stats' activity chart shows them. The stats call stores each day
 *   it counted once that day has closed and reads stored days back instead
 *   of their rows, so the chart reads ~30 rows whatever the app's activity.
 *   The primary key serves the window's read; deleting an app deletes its days.
 * - A webhook's deliveries are listed `created_at DESC, id DESC`; their
 *   index now ends in `id DESC` too, so a page (and its total) is read off
 *   the index with no sort, also when many deliveries share a timestamp (the
 *   events of one statement do): a page joined every delivery of its first
 *   timestamp with its event before sorting them.
 */
export class AppActivityDays1795300000020 implements MigrationInterface {
  name = 'AppActivityDays1795300000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_activity_days (
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        day date NOT NULL,
        activations int NOT NULL,
        logins int NOT NULL,
        PRIMARY KEY (app_id, day)
      )`);
    await q.query(`DROP INDEX webhook_deliveries_webhook_idx`);
    await q.query(
      `CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_webhook_idx`);
    await q.query(`CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC)`);
    await q.query(`DROP TABLE app_activity_days`);
  }
}
