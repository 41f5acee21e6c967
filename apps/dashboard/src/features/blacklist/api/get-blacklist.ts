import { PAGE_DEFAULT_LIMIT, type AdminList, type BlacklistEntry, type BlacklistType } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface BlacklistQuery {
  type?: BlacklistType | undefined;
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/blacklist: entries newest first, optionally of one type, with `meta.total`. */
export function getBlacklist(
  appId: string,
  { type, page = 1, limit = PAGE_DEFAULT_LIMIT }: BlacklistQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<BlacklistEntry>>(appPath(appId, 'blacklist') + toQueryString({ type, page, limit }), {
    signal,
  });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function blacklistKey(appId: string) {
  return [...appScope(appId), 'blacklist'] as const;
}

export function getBlacklistQueryOptions(
  appId: string,
  { type, page = 1, limit = PAGE_DEFAULT_LIMIT }: BlacklistQuery = {},
) {
  return queryOptions({
    queryKey: [...blacklistKey(appId), 'list', { type, page, limit }],
    queryFn: ({ signal }) => getBlacklist(appId, { type, page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBlacklist(appId: string, query: BlacklistQuery = {}) {
  return useQuery(getBlacklistQueryOptions(appId, query));
}
