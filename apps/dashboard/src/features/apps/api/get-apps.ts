import { PAGE_MAX_LIMIT, type AdminList, type App } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/admin/apps: the caller's applications, one page. */
export async function getApps(
  { page = 1, limit = PAGE_MAX_LIMIT }: { page?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<AdminList<App>> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiRequest<AdminList<App>>(`/v1/admin/apps?${query.toString()}`, { signal });
}

/** Prefix of every page of the list: invalidate this after a change. */
export const appsListKey = ['apps', 'list'] as const;

export function getAppsQueryOptions({ page = 1, limit = PAGE_MAX_LIMIT }: { page?: number; limit?: number } = {}) {
  return queryOptions({
    queryKey: [...appsListKey, { page, limit }],
    queryFn: ({ signal }) => getApps({ page, limit }, signal),
  });
}

export function useApps(params: { page?: number; limit?: number } = {}) {
  return useQuery(getAppsQueryOptions(params));
}
