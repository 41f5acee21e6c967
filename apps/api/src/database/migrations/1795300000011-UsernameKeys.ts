import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ASCII lower case in SQL, for rows written before this migration. Every
 * stored username and username blacklist value is made of A-Z a-z 0-9 _ . -
 * (register, the owner's users and the blacklist have always checked that
 * pattern; a key's own user is named after a generated key), so on them it
 * is exactly `usernameKey` (@latchkey/contracts), which writes the column from now on.
 */
const asciiLower = (column: string) =>
  `translate(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/**
 * Usernames compare in one canonical form, `users.username_key`, instead
 * of PostgreSQL's `lower()`, which follows the database's locale: under
 * C.UTF-8 it folds `İvan` onto `ivan`, under a Turkish locale it keeps `IVAN`
 * and `ivan` apart. Username blacklist values are stored canonical too. And
 * the indexes a new blacklist entry ends sessions through: by HWID and by
 * IP, over an app's sessions not yet ended.
 */
export class UsernameKeys1795300000011 implements MigrationInterface {
  name = 'UsernameKeys1795300000011';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN username_key text`);
    await q.query(`UPDATE users SET username_key = ${asciiLower('username')}`);
    // Names the old index let apart but the canonical form does not (a database whose locale lowers I to ı):
    // one keeps its name (a key's own user, which logs in by it, else the oldest), the others get a
    // free one, and the owner finds the change in the app's audit log.
    await q.query(`
      WITH ranked AS (
        SELECT u.id, u.app_id, u.username,
               left(u.username, 23) || '-' || left(md5(u.id::text), 8) AS renamed,
               row_number() OVER (
                 PARTITION BY u.app_id, u.username_key
                 ORDER BY EXISTS (SELECT 1 FROM licenses l WHERE l.user_id = u.id AND l.key = u.username) DESC,
                          u.created_at, u.id) AS rank
          FROM users u),
      changed AS (
        UPDATE users u SET username = r.renamed, username_key = ${asciiLower('r.renamed')}
          FROM ranked r
         WHERE r.id = u.id AND r.rank > 1
        RETURNING u.id, u.app_id, r.username AS previous, u.username)
      INSERT INTO audit_log (app_id, type, actor, details)
      SELECT app_id, 'admin.user.rename', 'migration ${this.name}',
             jsonb_build_object('userId', id, 'previousUsername', previous, 'username', username,
                                'reason', 'another user of the app has the same name in another case')
        FROM changed`);
    await q.query(`ALTER TABLE users ALTER COLUMN username_key SET NOT NULL`);
    await q.query(`DROP INDEX users_app_username_key`);
    await q.query(`CREATE UNIQUE INDEX users_app_username_key ON users (app_id, username_key)`);

    // Entries that name the same user in another case: the oldest stays.
    await q.query(`
      DELETE FROM blacklist_entries e USING blacklist_entries kept
       WHERE e.type = 'username' AND kept.type = 'username' AND kept.app_id = e.app_id
         AND ${asciiLower('kept.value')} = ${asciiLower('e.value')}
         AND (kept.created_at, kept.id) < (e.created_at, e.id)`);
    await q.query(`UPDATE blacklist_entries SET value = ${asciiLower('value')} WHERE type = 'username'`);
    await q.query(`DROP INDEX blacklist_entries_app_value_key`);
    await q.query(`CREATE UNIQUE INDEX blacklist_entries_app_value_key ON blacklist_entries (app_id, type, value)`);

    await q.query(
      `CREATE INDEX sessions_app_hwid_live_idx ON sessions (app_id, hwid) WHERE ended_at IS NULL AND hwid IS NOT NULL`,
    );
    // In byte order, so an address prefix (`10.1.`, `2001:db8:`) is a range of it.
    await q.query(`CREATE INDEX sessions_app_ip_live_idx ON sessions (app_id, ip COLLATE "C") WHERE ended_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sessions_app_ip_live_idx`);
    await q.query(`DROP INDEX sessions_app_hwid_live_idx`);
    await q.query(`DROP INDEX blacklist_entries_app_value_key`);
    await q.query(`
      CREATE UNIQUE INDEX blacklist_entries_app_value_key
        ON blacklist_entries (app_id, type, (CASE WHEN type = 'username' THEN lower(value) ELSE value END))`);
    await q.query(`DROP INDEX users_app_username_key`);
    await q.query(`CREATE UNIQUE INDEX users_app_username_key ON users (app_id, lower(username))`);
    await q.query(`ALTER TABLE users DROP COLUMN username_key`);
  }
}
