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

/** A list of one app's records of `table`: their `columns`, those whose `app_id` is `$1`, in `orderBy`. */
export function appRecordsList(table: string, columns: string, orderBy: string): ListStatement {
  return { select: columns, from: `${table} WHERE app_id = $1`, orderBy };
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

/**
 * A keyset walk over `table` by id (bulk jobs): the id that ends the next
 * batch of `$<size>` rows matching `where` after the id `$<cursor>`, read as
 * the last of them; no row when none is left. The caller's index on
 * (app_id, ..., id) serves it.
 */
export function keysetBatchEnd(table: string, where: string, params: { cursor: number; size: number }): string {
  return `SELECT id FROM (SELECT id FROM ${table} WHERE ${where} AND id > $${params.cursor} ORDER BY id LIMIT $${params.size}) batch
    ORDER BY id DESC LIMIT 1`;
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
