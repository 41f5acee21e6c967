import type { MigrationInterface, QueryRunner } from 'typeorm';

const MEMBER_ROLES = `('admin', 'manager', 'support', 'viewer')`;

/**
 * Teams (issue 28): members of an app with a role each, single-use
 * invitations (only the token's SHA-256 is stored), a personal access
 * token's role ceiling, and the account behind each admin change.
 *
 * The membership lookup (app_id, account_id) runs on every app-scoped admin
 * request: the primary key serves it. `app_members_account_idx` lists an
 * account's apps. The audit log is filtered by actor within an app, newest
 * first, by `audit_log_app_actor_created_idx` (partial: client entries have
 * no actor account and are most of the log). `actor_account_id` has no
 * foreign key: the log outlives the accounts it names.
 */
export class Teams1795300000027 implements MigrationInterface {
  name = 'Teams1795300000027';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_members (
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ${MEMBER_ROLES}),
        created_at timestamptz NOT NULL DEFAULT now(),
        added_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        PRIMARY KEY (app_id, account_id)
      )`);
    await q.query(`CREATE INDEX app_members_account_idx ON app_members (account_id)`);
    await q.query(`
      CREATE TABLE app_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ${MEMBER_ROLES}),
        token_hash bytea NOT NULL,
        created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        used_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX app_invitations_token_hash_key ON app_invitations (token_hash)`);
    // The pending list reads only unused, unrevoked invitations of an app.
    await q.query(`CREATE INDEX app_invitations_pending_idx ON app_invitations (app_id, created_at DESC, id DESC)
      WHERE used_at IS NULL AND revoked_at IS NULL`);
    await q.query(`ALTER TABLE access_tokens ADD COLUMN max_role text CHECK (max_role IN ${MEMBER_ROLES})`);
    await q.query(`ALTER TABLE audit_log ADD COLUMN actor_account_id uuid`);
    await q.query(`CREATE INDEX audit_log_app_actor_created_idx ON audit_log (app_id, actor_account_id, created_at DESC, id DESC)
      WHERE actor_account_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_app_actor_created_idx`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN actor_account_id`);
    await q.query(`ALTER TABLE access_tokens DROP COLUMN max_role`);
    await q.query(`DROP TABLE app_invitations`);
    await q.query(`DROP TABLE app_members`);
  }
}
