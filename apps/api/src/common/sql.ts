/** Anything that runs SQL: a TypeORM DataSource, EntityManager or QueryRunner. */
interface SqlExecutor {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Runs SQL and returns its rows. TypeORM answers UPDATE and DELETE statements
 * (with or without RETURNING) as `[rows, affectedCount]` but SELECT and INSERT
 * as plain rows; this gives rows either way.
 */
export async function sqlRows<T>(executor: SqlExecutor, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const result = await executor.query(sql, parameters);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
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
