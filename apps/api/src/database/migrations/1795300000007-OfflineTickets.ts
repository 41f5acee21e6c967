import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The app setting `offlineTicketSeconds`: lifetime of offline tickets, 0 (off, the default) to 30 days. */
export class OfflineTickets1795300000007 implements MigrationInterface {
  name = 'OfflineTickets1795300000007';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE apps ADD COLUMN offline_ticket_seconds integer NOT NULL DEFAULT 0
        CONSTRAINT apps_offline_ticket_seconds_range CHECK (offline_ticket_seconds BETWEEN 0 AND 2592000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE apps DROP COLUMN offline_ticket_seconds`);
  }
}
