// Migrations on a database of their own: from nothing to the latest, then
// down to just before the SQL-function migration (1795300000008), where the
// functions are as 1795300000007 left them, and up again, as a database
// migrated at an earlier release is upgraded. Later function versions
// (holds_banned_license.v2 in 1795300000010) go down and up with them.
import { describe, expect, it } from '@jest/globals';
import { ownDatabase } from './support/own-database.js';

/** The timestamp of the migration that moved SQL functions into files. */
const SQL_FILES_MIGRATION = 1795300000008;
const database = ownDatabase('migrations');

async function functionNames(): Promise<string[]> {
  const rows: Array<{ proname: string }> = await database.dataSource.query(
    `SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname`,
  );
  return rows.map((row) => row.proname);
}

/** The language of the ban check: PL/pgSQL from 1795300000010, which keeps its plan per connection. */
async function banCheckLanguage(): Promise<string> {
  const rows: Array<{ language: string }> = await database.dataSource.query(
    `SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE p.proname = 'holds_banned_license'`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.language;
}

async function openSessionBody(): Promise<string> {
  const rows: Array<{ body: string }> = await database.dataSource.query(
    `SELECT prosrc AS body FROM pg_proc WHERE proname = 'open_session'`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.body;
}

describe('migrations', () => {
  it('run from nothing, and the SQL-function files go down and up again', async () => {
    await database.dataSource.runMigrations({ transaction: 'each' });
    expect(await functionNames()).toEqual(
      expect.arrayContaining([
        'first_activation',
        'holds_banned_license',
        'open_session',
        'session_ends_at',
        'session_is_live',
      ]),
    );
    expect(await openSessionBody()).toContain('session_is_live(');
    expect(await banCheckLanguage()).toBe('plpgsql');

    // Back to just before 1795300000008: undo it and every migration after it.
    const later: Array<{ n: number }> = await database.dataSource.query(
      `SELECT count(*)::int AS n FROM migrations WHERE timestamp >= $1`,
      [SQL_FILES_MIGRATION],
    );
    for (let undone = 0; undone < later[0]!.n; undone += 1)
      await database.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await functionNames()).not.toContain('session_is_live');
    expect(await functionNames()).not.toContain('first_activation');
    expect(await openSessionBody()).not.toContain('session_is_live(');
    expect(await banCheckLanguage()).toBe('sql');

    await database.dataSource.runMigrations({ transaction: 'each' });
    expect(await openSessionBody()).toContain('session_is_live(');
    expect(await banCheckLanguage()).toBe('plpgsql');
    expect(await database.dataSource.showMigrations()).toBe(false);
  });
});
