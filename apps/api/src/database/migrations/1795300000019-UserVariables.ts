import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's own variables (`uservar`, `setuservar`, `deluservar`, `uservars`
 * and the admin routes under `.../users/{userId}/variables`). The primary key
 * serves every lookup: one key of a user, a user's variables by key, and the
 * count the per-user limit reads. Deleting a user deletes its variables.
 */
export class UserVariables1795300000019 implements MigrationInterface {
  name = 'UserVariables1795300000019';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_variables (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key text NOT NULL,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_variables`);
  }
}
