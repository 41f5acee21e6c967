import Cursor from 'pg-cursor';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/*
 * Reading large results as text through a cursor, on TypeORM's own pg pool:
 * what the CSV export streams.
 */

/** TypeORM's own pg pool, for what TypeORM's API does not offer (cursors, COPY). */
export function pgPool(dataSource: DataSource): pg.Pool {
  return (dataSource.driver as PostgresDriver).master as pg.Pool;
}

/** A row as PostgreSQL writes it in text, one cell per column (null stays null). */
export type TextRow = (string | null)[];

/** Every column as PostgreSQL's text, unparsed: for rows that leave as text (CSV) with no detour through Dates. */
const AS_TEXT = { rowMode: 'array', types: { getTypeParser: () => (text: string) => text } } as const;

/**
 * Reads the rows of `sql` through a cursor, `batchSize` at a time, on a
 * connection of its own from the pool, as TextRows. Memory holds two
 * batches whatever the result's size: the one the consumer has and the next,
 * which PostgreSQL reads meanwhile; no more is read until the consumer asks.
 * A consumer that stops early (return or throw) closes the cursor and gives
 * the connection back; one left mid-protocol is closed rather than reused.
 */
export async function* sqlTextBatches(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
  batchSize: number,
): AsyncGenerator<TextRow[]> {
  const client = await pgPool(dataSource).connect();
  let failure: Error | undefined;
  const cursor = client.query(new Cursor<TextRow>(sql, parameters, AS_TEXT));
  try {
    let next = cursor.read(batchSize);
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      next = cursor.read(batchSize);
      // A read ahead that fails after the consumer stopped must not go unhandled.
      next.catch(() => undefined);
      yield rows;
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    await cursor.close().catch((error: Error) => {
      failure ??= error;
    });
    client.release(failure);
  }
}
