import { PAGE_DEFAULT_LIMIT, type AdminList } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';
import type { AppWithRole } from '@/lib/contract-shim';

interface AppsQuery {
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps: the apps the caller owns or is a member of, one page, each with its role. */
export async function getApps({ page = 1, limit = PAGE_DEFAULT_LIMIT }: AppsQuery = {}, signal?: AbortSignal) {
  return apiRequest<AdminList<AppWithRole>>(`/v1/admin/apps${toQueryString({ page, limit })}`, { signal });
}

/** Prefix of every page of the list: invalidate this after a change. */
export const appsListKey = ['apps', 'list'] as const;

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
