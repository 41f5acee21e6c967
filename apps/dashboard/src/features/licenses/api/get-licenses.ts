import { PAGE_DEFAULT_LIMIT, type AdminList, type License, type ListLicensesQuery } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/licenses: one page, filtered by status, search (key or note) and creator, with `meta.total`. */
export function getLicenses(appId: string, query: ListLicensesQuery, signal?: AbortSignal) {
  const { status, search, createdBy, page = 1, limit = PAGE_DEFAULT_LIMIT } = query;
  return apiRequest<AdminList<License>>(
    appPath(appId, 'licenses') + toQueryString({ status, search, createdBy, page, limit }),
    { signal },
  );
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function licensesKey(appId: string) {
  return [...appScope(appId), 'licenses'] as const;
}

export function getLicensesQueryOptions(appId: string, query: ListLicensesQuery = {}) {
  return queryOptions({
    queryKey: [...licensesKey(appId), 'list', query],
    queryFn: ({ signal }) => getLicenses(appId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLicenses(appId: string, query: ListLicensesQuery = {}) {
  return useQuery(getLicensesQueryOptions(appId, query));
}
