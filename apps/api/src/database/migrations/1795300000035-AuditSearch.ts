import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Issue 41: the Logs page searches by a license key or a username, what a
 * vendor has from a ticket. `audit_log_names` (audit) lists the names an
 * entry is about (its user, its key by id and by text, usernames); one GIN
 * index over it finds a key's or a user's entries among millions without
 * reading the others.
 */
export class AuditSearch1795300000035 implements MigrationInterface {
  // Built CONCURRENTLY, so outside a transaction: every sign-in writes an audit entry, and a plain
  // CREATE INDEX holds those writes for as long as it reads the log (58 s at 1.6M entries).
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('audit', 'audit_log_names.v1.sql'));
    // A concurrent build that was interrupted leaves an invalid index: drop it and build again.
    await q.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('audit_log_names_idx') AND NOT indisvalid) THEN
        DROP INDEX audit_log_names_idx;
      END IF;
    END $$`);
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_names_idx
         ON audit_log USING gin (audit_log_names(app_id, type, actor, details))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_names_idx`);
    await q.query(`DROP FUNCTION audit_log_names(uuid, text, text, jsonb)`);
  }
}
