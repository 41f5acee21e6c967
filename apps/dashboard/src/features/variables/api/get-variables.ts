import { PAGE_DEFAULT_LIMIT, type AdminList, type Variable } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface VariablesQuery {
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/variables: one page, with `meta.total`. */
export function getVariables(
  appId: string,
  { page = 1, limit = PAGE_DEFAULT_LIMIT }: VariablesQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<Variable>>(appPath(appId, 'variables') + toQueryString({ page, limit }), { signal });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function variablesKey(appId: string) {
  return [...appScope(appId), 'variables'] as const;
}

export function getVariablesQueryOptions(appId: string, { page = 1, limit = PAGE_DEFAULT_LIMIT }: VariablesQuery = {}) {
  return queryOptions({
    queryKey: [...variablesKey(appId), 'list', { page, limit }],
    queryFn: ({ signal }) => getVariables(appId, { page, limit }, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useVariables(appId: string, query: VariablesQuery = {}) {
  return useQuery(getVariablesQueryOptions(appId, query));
}
