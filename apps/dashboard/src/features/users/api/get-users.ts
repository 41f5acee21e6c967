import { PAGE_DEFAULT_LIMIT, type AdminList, type AdminUser } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

export interface UsersQuery {
  /** part of a username, any case */
  search?: string;
  page?: number;
  limit?: number;
}

/** GET /v1/admin/apps/{appId}/users: one page, newest first, with `meta.total`. */
export function getUsers(
  appId: string,
  { search, page = 1, limit = PAGE_DEFAULT_LIMIT }: UsersQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<AdminUser>>(appPath(appId, 'users') + toQueryString({ search, page, limit }), { signal });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function usersKey(appId: string) {
  return [...appScope(appId), 'users'] as const;
}

export function getUsersQueryOptions(appId: string, { search, page = 1, limit = PAGE_DEFAULT_LIMIT }: UsersQuery = {}) {
  return queryOptions({
    queryKey: [...usersKey(appId), 'list', { search, page, limit }],
    queryFn: ({ signal }) => getUsers(appId, { search, page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(appId: string, query: UsersQuery = {}) {
  return useQuery(getUsersQueryOptions(appId, query));
}
