import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * `holds_banned_license` becomes PL/pgSQL (v2), same rule. As a SQL function
 * with a subquery it was planned again on every call: about a seventh of
 * PostgreSQL's time per `license` call under load (perf, see decisions.md).
 */
export class CachedBanCheckPlan1795300000010 implements MigrationInterface {
  name = 'CachedBanCheckPlan1795300000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('licenses', 'holds_banned_license.v2.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('licenses', 'holds_banned_license.v1.sql'));
  }
}
