import { PAGE_DEFAULT_LIMIT, type AdminList, type AppWithRole } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';
import { appsListKey } from '@/lib/query-keys';

interface AppsQuery {
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps: the apps the caller owns or is a member of, one page, each with its role. */
export async function getApps({ page = 1, limit = PAGE_DEFAULT_LIMIT }: AppsQuery = {}, signal?: AbortSignal) {
  return apiRequest<AdminList<AppWithRole>>(`/v1/admin/apps${toQueryString({ page, limit })}`, { signal });
}

export function getAppsQueryOptions({ page = 1, limit = PAGE_DEFAULT_LIMIT }: AppsQuery = {}) {
  return queryOptions({
    queryKey: [...appsListKey, { page, limit }],
    queryFn: ({ signal }) => getApps({ page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApps(params: AppsQuery = {}) {
  return useQuery(getAppsQueryOptions(params));
}
