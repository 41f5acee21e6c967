import { EXACT_TOTAL_MAX, SEARCH_EXACT_TOTAL_MAX } from '@latchkey/contracts';

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
 * rows, `SELECT 1 FROM <countFrom ?? from> ORDER BY <orderBy>` for the total
 * (sqlTotal). `countFrom` is for a count that can skip joins the rows need
 * (same rows and aliases, fewer reads).
 */
export interface ListStatement {
  select: string;
  from: string;
  countFrom?: string;
  orderBy: string;
  /**
   * A substring search: counted exactly up to SEARCH_EXACT_TOTAL_MAX and in
   * any order, since its matches come from a trigram bitmap, not an ordered
   * index; and not counted at all when the planner expects far more matches
   * than that (SEARCH_ESTIMATE_ONLY_FACTOR): the bitmap holds every match before
   * the first is counted, so the count would cost what the matches number.
   * A counted search's page is sorted from its matches (sqlPage), so its
   * `select` must include the columns of `orderBy`.
   */
  search?: true;
  /**
   * A search whose matches are one record's (a key's or a user's audit
   * entries, bounded by its own activity): its page is always sorted from
   * them, even past the bound, never read by walking the ordered index, which
   * would test every newer row of the app for each page.
   */
  sortMatches?: true;
}

/**
 * A search the planner expects to match more than this many times the
 * exact bound answers the estimate without counting. The planner's
 * substring estimate moves in steps of a histogram bucket (about 1% of the
 * column's rows): a common word's sample may land one bucket low, and with
 * ten times the bound (10,000) a 2.7% word of a million keys was then
 * counted, its whole trigram bitmap (27,000 matches) built for 1,001 of
 * them. Twice the bound leaves room for a rare fragment it overestimates.
 */
export const SEARCH_ESTIMATE_ONLY_FACTOR = 2;

/** A list of one app's records of `table`: their `columns`, those whose `app_id` is `$1`, in `orderBy`. */
export function appRecordsList(table: string, columns: string, orderBy: string): ListStatement {
  return { select: columns, from: `${table} WHERE app_id = $1`, orderBy };
}

/** What every admin list answers: one window of the items and how many there are in all. */
export interface Page<Item> {
  items: Item[];
  /** exact up to EXACT_TOTAL_MAX (SEARCH_EXACT_TOTAL_MAX for a search), the planner's estimate past it */
  total: number;
  totalIsEstimate?: true;
}

/**
 * One page of `list` (its parameters `parameters`, the window `offset` and
 * `limit` appended after them) and the total, read in parallel; a search's
 * total first, since it decides how the page is read.
 */
export async function sqlPage<Row, Item = Row>(
  executor: SqlExecutor,
  list: ListStatement,
  parameters: unknown[],
  window: { offset: number; limit: number },
  toItem: (row: Row) => Item = (row) => row as unknown as Item,
): Promise<Page<Item>> {
  const limit = parameters.length + 1;
  const windowed = [...parameters, window.limit, window.offset];
  const ordered = `SELECT ${list.select} FROM ${list.from} ORDER BY ${list.orderBy} LIMIT $${limit} OFFSET $${limit + 1}`;
  if (list.search) {
    const total = await sqlTotal(
      executor,
      { from: list.countFrom ?? list.from, estimateFirst: true },
      parameters,
      SEARCH_EXACT_TOTAL_MAX,
    );
    // Few matches, counted: sorted from the search's own matches (its trigram
    // bitmap), whatever the planner guessed. Walking the ordered index instead,
    // which a planner expecting many matches picks, reads every non-match
    // newer than the last one: 44,000 rows of a 100,000-user app for 112.
    const page =
      total.totalIsEstimate && !list.sortMatches
        ? ordered
        : `WITH matches AS MATERIALIZED (SELECT ${list.select} FROM ${list.from})
         SELECT * FROM matches ORDER BY ${list.orderBy} LIMIT $${limit} OFFSET $${limit + 1}`;
    const rows = await sqlRows<Row>(executor, page, windowed);
    return { items: rows.map(toItem), ...settledByPage(total, window, rows.length) };
  }
  const [rows, total] = await Promise.all([
    sqlRows<Row>(executor, ordered, windowed),
    sqlTotal(executor, { from: list.countFrom ?? list.from, orderBy: list.orderBy }, parameters),
  ]);
  return { items: rows.map(toItem), ...settledByPage(total, window, rows.length) };
}

/**
 * The total as the page itself bounds it: a page that is not full ends the
 * list, so the total is exactly its offset plus its rows whatever was counted
 * or estimated; a full page under an estimate leaves room for one more row,
 * so a pager that trusts the total always offers the page after it, and an
 * estimate that fell short is corrected on the last page.
 */
function settledByPage(
  total: Pick<Page<unknown>, 'total' | 'totalIsEstimate'>,
  { offset, limit }: { offset: number; limit: number },
  rows: number,
): Pick<Page<unknown>, 'total' | 'totalIsEstimate'> {
  if (rows < limit && (rows > 0 || offset === 0)) return { total: offset + rows };
  if (!total.totalIsEstimate) return total;
  return { total: Math.max(total.total, offset + rows + (rows === limit ? 1 : 0)), totalIsEstimate: true };
}

/**
 * How many rows `SELECT 1 FROM <from>` finds: counted up to `exactMax` (a
 * read bounded whatever the table's size), past that the planner's estimate
 * from the statistics, marked as one, and never below what was counted.
 * `orderBy` makes the count read the rows in that order, i.e. down the
 * list's own index, and stop after `exactMax + 1` of them: without it the
 * planner may pick a sequential scan that, when the matching rows lie
 * together (an app's or a status's rows are written together), reads most
 * of the table before it has counted enough. `estimateFirst` (a search) asks
 * the planner first and counts only when it expects fewer than
 * SEARCH_ESTIMATE_ONLY_FACTOR times `exactMax` rows.
 */
export async function sqlTotal(
  executor: SqlExecutor,
  { from, orderBy, estimateFirst }: { from: string; orderBy?: string; estimateFirst?: boolean },
  parameters: unknown[],
  exactMax = EXACT_TOTAL_MAX,
): Promise<Pick<Page<unknown>, 'total' | 'totalIsEstimate'>> {
  const estimated = estimateFirst ? await plannerEstimate(executor, from, parameters) : undefined;
  if (estimated !== undefined && estimated > exactMax * SEARCH_ESTIMATE_ONLY_FACTOR) {
    return { total: estimated, totalIsEstimate: true };
  }
  const order = orderBy ? ` ORDER BY ${orderBy}` : '';
  const [counted] = await sqlRows<{ total: number }>(
    executor,
    `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from}${order} LIMIT ${exactMax + 1}) capped`,
    parameters,
  );
  if (counted!.total <= exactMax) return { total: counted!.total };
  const estimate = estimated ?? (await plannerEstimate(executor, from, parameters));
  return { total: Math.max(estimate, exactMax + 1), totalIsEstimate: true };
}

/** Rows a total counts: `SELECT 1 FROM <from>`, read in `orderBy` (an index's order, see sqlTotal). */
export interface CountedRows {
  from: string;
  orderBy: string;
}

/**
 * Several totals over the same `parameters` as sqlTotal counts each (exact
 * up to `exactMax`, the planner's estimate past it), in two statements
 * whatever their number: one counts them all, one plan estimates those
 * past the bound. Each total alone would be a round trip of its own, and
 * one more for its estimate: more of them the larger the app.
 */
export async function sqlTotals(
  executor: SqlExecutor,
  counts: CountedRows[],
  parameters: unknown[],
  exactMax = EXACT_TOTAL_MAX,
): Promise<Array<Pick<Page<unknown>, 'total' | 'totalIsEstimate'>>> {
  const capped = counts.map(
    ({ from, orderBy }, i) =>
      `(SELECT count(*)::int FROM (SELECT 1 FROM ${from} ORDER BY ${orderBy} LIMIT ${exactMax + 1}) capped) AS "${i}"`,
  );
  const [row] = await sqlRows<Record<string, number>>(executor, `SELECT ${capped.join(',\n  ')}`, parameters);
  const counted = counts.map((_, i) => row![String(i)]!);
  // Every branch is planned, not only those past the bound: each statement must use every parameter.
  const estimates = counted.some((total) => total > exactMax)
    ? await plannerEstimates(executor, counts, parameters)
    : new Map<number, number>();
  return counted.map((total, i) =>
    total <= exactMax ? { total } : { total: Math.max(estimates.get(i) ?? 0, exactMax + 1), totalIsEstimate: true },
  );
}

/**
 * The planner's row estimates of each `SELECT <i> FROM <from>` of `branches` in one
 * plan (a UNION ALL), by `i`: each branch's top node is the one that outputs
 * its own constant (VERBOSE), so a branch the planner drops or reorders is
 * never read as another's.
 */
async function plannerEstimates(
  executor: SqlExecutor,
  branches: CountedRows[],
  parameters: unknown[],
): Promise<Map<number, number>> {
  const [plan] = await sqlRows<{ 'QUERY PLAN': [{ Plan: EstimatedNode }] }>(
    executor,
    `EXPLAIN (FORMAT JSON, VERBOSE) ${branches.map(({ from }, i) => `SELECT ${i} FROM ${from}`).join(' UNION ALL ')}`,
    parameters,
  );
  const estimates = new Map<number, number>();
  const visit = (node: EstimatedNode) => {
    const output = node.Output?.length === 1 ? Number(node.Output[0]) : NaN;
    if (Number.isInteger(output) && output >= 0 && output < branches.length && !estimates.has(output)) {
      estimates.set(output, Math.round(node['Plan Rows']));
    }
    node.Plans?.forEach(visit);
  };
  visit(plan!['QUERY PLAN'][0].Plan);
  return estimates;
}

interface EstimatedNode {
  'Plan Rows': number;
  Output?: string[];
  Plans?: EstimatedNode[];
}

/** The planner's row estimate for `SELECT 1 FROM <from>`, from the statistics ANALYZE keeps; nothing is run. */
async function plannerEstimate(executor: SqlExecutor, from: string, parameters: unknown[]): Promise<number> {
  const [plan] = await sqlRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    executor,
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}`,
    parameters,
  );
  return Math.round(plan!['QUERY PLAN'][0].Plan['Plan Rows']);
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
