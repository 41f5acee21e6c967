import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An app's keys in creation order (issue 25): the streamed CSV export reads
 * them oldest first by walking this index backwards, so its first row leaves
 * at once and no sort of a million rows waits on a work_mem spill; the
 * license list (newest first) reads it forwards. IF NOT EXISTS: the admin
 * reads' work for the same issue makes this very index for keyset pages.
 */
export class LicensesByCreation1795300000018 implements MigrationInterface {
  name = 'LicensesByCreation1795300000018';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS licenses_app_created_idx ON licenses (app_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS licenses_app_created_idx`);
  }
}
