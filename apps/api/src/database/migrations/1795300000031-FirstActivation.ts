import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Issue 38: a key's first use by `license` becomes one statement after its
 * lookup. `first_activation` (client) locks the key and marks it used
 * (licenses' functions), makes its user (users') and opens the first session
 * (sessions' open_first_session), where nine statements across Node round trips held the
 * transaction open before.
 */
export class FirstActivation1795300000031 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('licenses', 'license_activation.v1.sql'));
    await q.query(sqlFile('users', 'insert_key_user.v1.sql'));
    await q.query(sqlFile('sessions', 'open_first_session.v1.sql'));
    await q.query(sqlFile('client', 'first_activation.v1.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION first_activation(uuid, text, integer, integer, integer, uuid, text, text, text,
      timestamptz, uuid, uuid, bytea, text, text, timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION open_first_session(uuid, uuid, uuid, bytea, text, text, timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION mark_license_used(uuid, uuid, timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION lock_unused_license(uuid, uuid, text, integer, integer, integer)`);
    await q.query(
      `DROP FUNCTION insert_key_user(uuid, uuid, text, text, text, integer, integer, timestamptz, uuid, timestamptz, text)`,
    );
  }
}
