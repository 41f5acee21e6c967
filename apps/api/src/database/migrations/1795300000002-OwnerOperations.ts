import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Blacklist, audit log, and the indexes the owner's lists and stats read through. */
export class OwnerOperations1795300000002 implements MigrationInterface {
  name = 'OwnerOperations1795300000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blacklist_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('ip', 'hwid', 'username')),
        value text NOT NULL,
        reason text,
        created_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One entry per value; usernames compare case-insensitively, as they do at login.
    // Leading app_id also serves loading an app's whole list into the in-process matcher.
    await q.query(`
      CREATE UNIQUE INDEX blacklist_entries_app_value_key
        ON blacklist_entries (app_id, type, (CASE WHEN type = 'username' THEN lower(value) ELSE value END))`);
    await q.query(`CREATE INDEX blacklist_entries_app_created_idx ON blacklist_entries (app_id, created_at DESC)`);

    // app_id is null for changes outside any app (tokens, a deleted app).
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id uuid REFERENCES apps(id) ON DELETE CASCADE,
        type text NOT NULL,
        actor text NOT NULL,
        ip text,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every client authentication writes here: one index serves listing (type filters scan it newest first).
    await q.query(`CREATE INDEX audit_log_app_created_idx ON audit_log (app_id, created_at DESC, id DESC)`);
    // Retention pruning deletes by age across all apps.
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at)`);

    // Stats: activations and logins per day over 30 days, without scanning an app's whole history.
    await q.query(
      `CREATE INDEX licenses_app_activated_idx ON licenses (app_id, activated_at) WHERE activated_at IS NOT NULL`,
    );
    await q.query(`CREATE INDEX events_app_name_created_idx ON events (app_id, name, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX events_app_name_created_idx`);
    await q.query(`DROP INDEX licenses_app_activated_idx`);
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP TABLE blacklist_entries`);
  }
}
