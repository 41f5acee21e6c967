import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Issue 38: a key's first use by `license` becomes one statement after its
 * lookup. `first_activation` locks the key, makes its user, marks the key
 * used and opens the first session (through open_session), where nine
 * statements across Node round trips held the transaction open before.
 */
export class FirstActivation1795300000031 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('client', 'first_activation.v1.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION first_activation(uuid, text, integer, integer, integer, uuid, text, text, text,
      timestamptz, uuid, uuid, bytea, text, text, timestamptz, integer, timestamptz)`);
  }
}
