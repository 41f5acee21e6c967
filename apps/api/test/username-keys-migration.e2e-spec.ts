// Migration 1795300000011 (canonical usernames) on a database that holds
// what the old rule let in: PostgreSQL's lower() follows the locale, and
// under a Turkish one it lowers I to ı, so `IVAN` and `ivan` were two users
// (and two blacklist entries). The old unique indexes are rebuilt here with a
// Turkish collation to stand for such a database.
import { describe, expect, it } from '@jest/globals';
import { ownDatabase } from './support/own-database.js';

const MIGRATION = 1795300000011;
const database = ownDatabase('username_keys');

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  return (await database.dataSource.query(sql, params))[0];
}

/** A user inserted as the old code did (no username_key yet), `minutesAgo` old. */
async function oldUser(appId: string, username: string, minutesAgo: number, licenseId: string | null = null) {
  const row = await one(
    `INSERT INTO users (app_id, username, created_at, license_id)
     VALUES ($1, $2, now() - make_interval(mins => $3), $4) RETURNING id`,
    [appId, username, minutesAgo, licenseId],
  );
  return row.id as string;
}

describe('migration to canonical usernames', () => {
  it('renames all but one of the names that collide, keeps a key’s own user, and dedupes blacklist entries', async () => {
    await database.dataSource.runMigrations({ transaction: 'each' });
    const later = await one<{ n: number }>(`SELECT count(*)::int AS n FROM migrations WHERE timestamp >= $1`, [
      MIGRATION,
    ]);
    for (let undone = 0; undone < later.n; undone += 1)
      await database.dataSource.undoLastMigration({ transaction: 'each' });

    // A database whose locale lowers I to ı.
    await database.dataSource.query(`DROP INDEX users_app_username_key`);
    await database.dataSource.query(
      `CREATE UNIQUE INDEX users_app_username_key ON users (app_id, lower(username COLLATE "tr-x-icu"))`,
    );
    await database.dataSource.query(`DROP INDEX blacklist_entries_app_value_key`);
    await database.dataSource.query(`
      CREATE UNIQUE INDEX blacklist_entries_app_value_key ON blacklist_entries
        (app_id, type, (CASE WHEN type = 'username' THEN lower(value COLLATE "tr-x-icu") ELSE value END))`);

    const account = await one(
      `INSERT INTO accounts (email, password_hash, role) VALUES ('o@example.com', 'x', 'owner') RETURNING id`,
    );
    const app = await one(
      `INSERT INTO apps (owner_id, name, version, api_key_hash, public_key, private_key_sealed)
       VALUES ($1, 'App', '1.0.0', '\\x00', 'pk', '\\x00') RETURNING id`,
      [account.id],
    );
    const ivan = await oldUser(app.id, 'ivan', 30);
    const IVAN = await oldUser(app.id, 'IVAN', 20);
    // A registered user took the name a key's own user later got: the key's user keeps it, it logs in by it.
    const key = 'PRIME-AAAAA-BBBBB-CCCCC';
    const registered = await oldUser(app.id, key.toLowerCase(), 30);
    const license = await one(
      `INSERT INTO licenses (app_id, key, duration_type, status) VALUES ($1, $2, '30d', 'USED') RETURNING id`,
      [app.id, key],
    );
    const keyUser = await oldUser(app.id, key, 5, license.id);
    await database.dataSource.query(`UPDATE licenses SET user_id = $1 WHERE id = $2`, [keyUser, license.id]);
    const kept = await one(
      `INSERT INTO blacklist_entries (app_id, type, value, created_at)
       VALUES ($1, 'username', 'IVAN', now() - interval '1 hour') RETURNING id`,
      [app.id],
    );
    await database.dataSource.query(
      `INSERT INTO blacklist_entries (app_id, type, value) VALUES ($1, 'username', 'ivan')`,
      [app.id],
    );

    await database.dataSource.runMigrations({ transaction: 'each' });

    const users: Array<{ id: string; username: string; username_key: string }> = await database.dataSource.query(
      `SELECT id, username, username_key FROM users WHERE app_id = $1`,
      [app.id],
    );
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(ivan)).toMatchObject({ username: 'ivan', username_key: 'ivan' });
    expect(byId.get(keyUser)).toMatchObject({ username: key, username_key: key.toLowerCase() });
    for (const renamed of [IVAN, registered]) {
      const { username, username_key } = byId.get(renamed)!;
      expect(username).toMatch(/^[A-Za-z0-9_.-]{3,32}$/);
      expect(username_key).toBe(username.toLowerCase());
    }
    expect(new Set(users.map((u) => u.username_key)).size).toBe(users.length);

    const renames = await database.dataSource.query(
      `SELECT actor, details FROM audit_log WHERE app_id = $1 AND type = 'admin.user.rename' ORDER BY details->>'previousUsername'`,
      [app.id],
    );
    expect(renames.map((r: { details: { previousUsername: string } }) => r.details.previousUsername)).toEqual([
      'IVAN',
      key.toLowerCase(),
    ]);
    expect(renames[0]).toMatchObject({
      actor: `migration UsernameKeys${MIGRATION}`,
      details: { userId: IVAN, username: byId.get(IVAN)!.username },
    });

    const entries = await database.dataSource.query(`SELECT id, value FROM blacklist_entries WHERE app_id = $1`, [
      app.id,
    ]);
    expect(entries).toEqual([{ id: kept.id, value: 'ivan' }]);
    // The new indexes hold: another spelling of a taken name is refused.
    await expect(
      database.dataSource.query(`INSERT INTO users (app_id, username, username_key) VALUES ($1, 'IvAn', 'ivan')`, [
        app.id,
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await database.dataSource.showMigrations()).toBe(false);
  });
});
