import { PAGE_DEFAULT_LIMIT, type AdminList, type AdminSession, type ListSessionsQuery } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/sessions: live sessions (of one user, with `userId`), newest first, with `meta.total`. */
export function getSessions(
  appId: string,
  { userId, page = 1, limit = PAGE_DEFAULT_LIMIT }: ListSessionsQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<AdminSession>>(appPath(appId, 'sessions') + toQueryString({ userId, page, limit }), {
    signal,
  });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function sessionsKey(appId: string) {
  return [...appScope(appId), 'sessions'] as const;
}

export function getSessionsQueryOptions(
  appId: string,
  { userId, page = 1, limit = PAGE_DEFAULT_LIMIT }: ListSessionsQuery = {},
) {
  return queryOptions({
    queryKey: [...sessionsKey(appId), 'list', { userId, page, limit }],
    queryFn: ({ signal }) => getSessions(appId, { userId, page, limit }, signal),
    placeholderData: keepPreviousData,
    // Sessions come and go on their own (logins, idle timeouts): keep the list fresh.
    refetchInterval: 30_000,
  });
}

export function useSessions(appId: string, query: ListSessionsQuery = {}) {
  return useQuery(getSessionsQueryOptions(appId, query));
}
