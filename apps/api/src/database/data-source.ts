import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations/index.js';

/** Arbitrary constant naming the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_318_904_211;

export function dataSourceOptions(databaseUrl: string, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    extra: { max: poolSize },
  };
}

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`).catch((err: { code?: string }) => {
        // 42P04 (or 23505 when both CREATEs race in the catalog): another process created it first.
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

/** How often a process waiting for another's migrations asks for the lock again. */
const MIGRATION_LOCK_RETRY_MS = 100;

/**
 * Runs pending migrations, one process at a time. The others ask for the lock
 * again and again rather than block in `pg_advisory_lock`: a blocked call holds
 * a snapshot, and a migration's CREATE INDEX CONCURRENTLY waits for every
 * snapshot older than it, so the two would wait for each other.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    for (;;) {
      const [{ taken }] = await runner.query('SELECT pg_try_advisory_lock($1) AS taken', [MIGRATION_LOCK_ID]);
      if (taken) break;
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_RETRY_MS));
    }
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}

/** The data source for the TypeORM CLI (`typeorm migration:show -d dist/database/data-source.js`). */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/latchkey'),
);
