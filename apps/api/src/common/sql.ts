import Cursor from 'pg-cursor';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** Anything that runs SQL: a TypeORM DataSource, EntityManager or QueryRunner. */
export interface SqlExecutor {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Runs SQL and returns its rows. TypeORM answers UPDATE and DELETE statements
 * (with or without RETURNING) as `[rows, affectedCount]` but SELECT and INSERT
 * as plain rows; this gives rows either way, so no caller destructures that pair.
 */
export async function sqlRows<T>(executor: SqlExecutor, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const result = await executor.query(sql, parameters);
  if (isRowsAndCount(result)) return result[0] as T[];
  return result as T[];
}

/** Runs an UPDATE or DELETE without RETURNING and returns how many rows it touched. */
export async function sqlAffected(executor: SqlExecutor, sql: string, parameters: unknown[] = []): Promise<number> {
  const result = await executor.query(sql, parameters);
  if (!isRowsAndCount(result)) throw new Error('sqlAffected runs UPDATE or DELETE statements only');
  return result[1];
}

function isRowsAndCount(result: unknown): result is [unknown[], number] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}

/**
 * A list statement: `SELECT <select> FROM <from> ORDER BY <orderBy>` for the
 * rows, `SELECT count(*) FROM <countFrom ?? from>` for the total. `countFrom`
 * is for a count that can skip joins the rows need (same rows, fewer reads).
 */
export interface ListStatement {
  select: string;
  from: string;
  countFrom?: string;
  orderBy: string;
}

/** What every admin list answers: one window of the items and how many there are in all. */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/**
 * One page of `list` (its parameters `parameters`, the window `offset` and
 * `limit` appended after them) and the total, read in parallel.
 */
export async function sqlPage<Row, Item = Row>(
  executor: SqlExecutor,
  list: ListStatement,
  parameters: unknown[],
  window: { offset: number; limit: number },
  toItem: (row: Row) => Item = (row) => row as unknown as Item,
): Promise<Page<Item>> {
  const limit = parameters.length + 1;
  const [rows, counted] = await Promise.all([
    sqlRows<Row>(
      executor,
      `SELECT ${list.select} FROM ${list.from} ORDER BY ${list.orderBy} LIMIT $${limit} OFFSET $${limit + 1}`,
      [...parameters, window.limit, window.offset],
    ),
    sqlRows<{ total: number }>(
      executor,
      `SELECT count(*)::int AS total FROM ${list.countFrom ?? list.from}`,
      parameters,
    ),
  ]);
  return { items: rows.map(toItem), total: counted[0]!.total };
}

/** True when PostgreSQL refused a write for a duplicate key (unique_violation, 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/** True when PostgreSQL refused a write for breaking the CHECK constraint `constraint` (check_violation, 23514). */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const error = err as { code?: string; constraint?: string } | null;
  return error?.code === '23514' && error.constraint === constraint;
}

/** Escapes LIKE's wildcards (and its escape character, `\`) so `text` matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

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
