import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40: an app's replaced KeyAuth messages, only the replacements
 * (the defaults live in code, KEYAUTH_MESSAGE_DEFAULTS).
 * Issue 41: one version field. KeyAuth's own `app_version` goes; init
 * compares a client's `ver` to the app's `version` when `check_version` is on.
 * Where KeyAuth had a version it becomes the app's (init refuses shipped
 * KeyAuth clients on it, while `/v1` only reports the app's version), and the
 * check stays on.
 */
export class KeyAuthMessages1795300000032 implements MigrationInterface {
  name = 'KeyAuthMessages1795300000032';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE keyauth_apps
        ADD COLUMN messages jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN check_version boolean NOT NULL DEFAULT false`);
    await q.query(`
      UPDATE apps SET version = k.app_version, updated_at = now()
        FROM keyauth_apps k
       WHERE k.app_id = apps.id AND k.app_version IS NOT NULL AND apps.version IS DISTINCT FROM k.app_version`);
    await q.query(`UPDATE keyauth_apps SET check_version = true WHERE app_version IS NOT NULL`);
    await q.query(`ALTER TABLE keyauth_apps DROP COLUMN app_version`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE keyauth_apps ADD COLUMN app_version text`);
    await q.query(`
      UPDATE keyauth_apps k SET app_version = a.version
        FROM apps a WHERE a.id = k.app_id AND k.check_version`);
    await q.query(`ALTER TABLE keyauth_apps DROP COLUMN check_version, DROP COLUMN messages`);
  }
}
