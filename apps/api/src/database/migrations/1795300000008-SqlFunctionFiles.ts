import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * SQL functions move to versioned .sql files beside their modules (see
 * sql-file.ts), and the session rules become SQL functions of their own:
 * `session_is_live` and `session_ends_at`, which session-rules.ts builds every
 * statement's condition from and `open_session` (v3) now uses. Bodies are
 * otherwise unchanged: holds_banned_license.v1 is 1795300000005's, and
 * open_session.v2 (what `down` restores) is 1795300000005's exactly.
 */
export class SqlFunctionFiles1795300000008 implements MigrationInterface {
  name = 'SqlFunctionFiles1795300000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('sessions', 'session_rules.v1.sql'));
    await q.query(sqlFile('licenses', 'holds_banned_license.v1.sql'));
    await q.query(sqlFile('sessions', 'open_session.v3.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('sessions', 'open_session.v2.sql'));
    await q.query(`DROP FUNCTION session_ends_at(timestamptz, timestamptz, integer)`);
    await q.query(`DROP FUNCTION session_is_live(timestamptz, timestamptz, timestamptz, timestamptz, integer)`);
  }
}
