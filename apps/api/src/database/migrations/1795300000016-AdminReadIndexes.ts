import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the admin reads of a large app (issue 25, docs/decisions.md
 * "Admin reads at scale"): trigram indexes for the substring searches of keys,
 * notes and usernames (`ILIKE '%fragment%'`), and list orders that end in `id`
 * so a page is read straight off an index, newest first, with no sort.
 */
export class AdminReadIndexes1795300000016 implements MigrationInterface {
  name = 'AdminReadIndexes1795300000016';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX licenses_key_trgm_idx ON licenses USING gin (key gin_trgm_ops)`);
    await q.query(`CREATE INDEX licenses_note_trgm_idx ON licenses USING gin (note gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_username_key_trgm_idx ON users USING gin (username_key gin_trgm_ops)`);
    await q.query(`CREATE INDEX licenses_app_created_idx ON licenses (app_id, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX licenses_app_status_idx`);
    await q.query(`CREATE INDEX licenses_app_status_idx ON licenses (app_id, status, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX users_app_created_idx`);
    await q.query(`CREATE INDEX users_app_created_idx ON users (app_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_app_created_idx`);
    await q.query(`CREATE INDEX users_app_created_idx ON users (app_id, created_at DESC)`);
    await q.query(`DROP INDEX licenses_app_status_idx`);
    await q.query(`CREATE INDEX licenses_app_status_idx ON licenses (app_id, status, created_at DESC)`);
    await q.query(`DROP INDEX licenses_app_created_idx`);
    await q.query(`DROP INDEX users_username_key_trgm_idx`);
    await q.query(`DROP INDEX licenses_note_trgm_idx`);
    await q.query(`DROP INDEX licenses_key_trgm_idx`);
  }
}
