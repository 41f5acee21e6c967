// Search params of the dashboard's URLs: plain `?status=BANNED&search=x&page=2`
// (not JSON-encoded), validated per route with zod. A value that does not
// validate is dropped (the page falls back to its default) instead of breaking
// the page, so any hand-edited or stale link still opens.
import { PageLimits } from '@latchkey/contracts';
import * as z from 'zod/mini';

/** Reads `?a=1&b=x` as strings; each route's schema turns them into numbers or enums. */
export function parseSearch(searchStr: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

/** Writes the set values only, so defaults keep the URL short. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A route's `validateSearch` from a zod object schema. The function form makes
 * links and `navigate()` typed with the schema's output (every field optional).
 */
export function searchValidator<S extends z.ZodMiniType>(schema: S) {
  return (search: Record<string, unknown>): z.output<S> => schema.parse(search);
}

/** `page` (1-based); absent means the first page. */
export const pageParam = z.catch(
  z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(PageLimits.pageMin), z.maximum(PageLimits.pageMax)))),
  undefined,
);

/** Free-text search, trimmed, 1-`max` characters (the API's limit). */
export function textParam(max: number) {
  return z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))), undefined);
}

/** An id (UUID) such as an account's; anything else is dropped. */
export const uuidParam = z.catch(z.optional(z.uuid()), undefined);

/** One of `values`, e.g. a license status. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/**
 * The `onPageChange` of a list paged by the URL: `navigate` (the route's)
 * moves to page `next` in `key` (`page` unless told) and keeps the other params.
 */
export function pageSetter<S>(
  navigate: (options: { search: (prev: S) => S }) => Promise<void>,
  key: string = 'page',
): (next: number) => void {
  return (next) => void navigate({ search: (prev) => ({ ...prev, [key]: next }) });
}

/** How a filter change enters the history: a search applied while typing replaces the entry, not one per pause. */
export interface FilterChange {
  replace?: boolean;
}

/** The `onChange` of a list's filters kept in the URL: sets `filters` and goes back to the first page. */
export function filterSetter<S>(
  navigate: (options: { search: (prev: S) => S; replace?: boolean }) => Promise<void>,
): (filters: Partial<NoInfer<S>>, change?: FilterChange) => void {
  return (filters, change) =>
    void navigate({ search: (prev) => ({ ...prev, ...filters, page: undefined }), replace: change?.replace ?? false });
}
