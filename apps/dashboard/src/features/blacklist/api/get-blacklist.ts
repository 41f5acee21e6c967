import { PAGE_DEFAULT_LIMIT, type AdminList, type BlacklistEntry } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/blacklist: one page of entries, with `meta.total`. */
export function getBlacklist(appId: string, page: number, signal?: AbortSignal) {
  return apiRequest<AdminList<BlacklistEntry>>(
    `/v1/admin/apps/${encodeURIComponent(appId)}/blacklist${toQueryString({ page, limit: PAGE_DEFAULT_LIMIT })}`,
    { signal },
  );
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function blacklistKey(appId: string) {
  return [...appScope(appId), 'blacklist'] as const;
}

export function useBlacklist(appId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...blacklistKey(appId), 'list', { page }],
      queryFn: ({ signal }) => getBlacklist(appId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
