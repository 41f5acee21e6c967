import pg from 'pg';

let pool: pg.Pool | undefined;
/** Direct access to the test database, for assertions the API does not expose. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: process.env.LATCHKEY_TEST_DATABASE_URL, max: 4 });
  return pool;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = undefined;
}
