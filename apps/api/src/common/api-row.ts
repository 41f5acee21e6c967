/** `created_at` → `createdAt`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A column's value as the API answers it: a timestamp as its ISO string. */
type ApiValue<V> = V extends Date ? string : V;

/** A row as the API answers it. */
export type ApiRow<Row> = { [Column in keyof Row & string as CamelCase<Column>]: ApiValue<Row[Column]> };

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A row as the API answers it: each snake_case column a camelCase field in the
 * same order, each timestamp an ISO 8601 string (UTC, milliseconds). Every
 * column becomes a field, so the row's statement selects exactly what the
 * answer shows.
 */
export function apiRow<Row extends object>(row: Row): ApiRow<Row> {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    fields[camelCase(column)] = value instanceof Date ? value.toISOString() : value;
  }
  return fields as ApiRow<Row>;
}
