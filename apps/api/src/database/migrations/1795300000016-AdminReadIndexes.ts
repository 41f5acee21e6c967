import type { MigrationInterface, QueryRunner } from 'typeorm';

const TRIGRAM_INDEXES = [
  ['licenses_key_trgm_idx', 'licenses', 'key'],
  ['licenses_note_trgm_idx', 'licenses', 'note'],
  ['users_username_key_trgm_idx', 'users', 'username_key'],
] as const;

/**
 * A GIN index takes new entries into a pending list that every search reads
 * whole until VACUUM (or a full list) merges it; 4 MB by default, which on a
 * server without autovacuum stays full and makes a search read 4 MB. A small
 * list keeps writes cheap and searches short.
 */
const PENDING_LIST_KB = 256;

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
    for (const [name, table, column] of TRIGRAM_INDEXES) {
      await q.query(
        `CREATE INDEX ${name} ON ${table} USING gin (${column} gin_trgm_ops) WITH (gin_pending_list_limit = ${PENDING_LIST_KB})`,
      );
    }
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
    for (const [name] of TRIGRAM_INDEXES) await q.query(`DROP INDEX ${name}`);
  }
}
