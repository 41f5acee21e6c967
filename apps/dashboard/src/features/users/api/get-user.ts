import type { AdminSuccess, AdminUser } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { usersKey } from './get-users';

/** GET /v1/admin/apps/{appId}/users/{userId}. */
export async function getUser(appId: string, userId: string, signal?: AbortSignal): Promise<AdminUser> {
  const res = await apiRequest<AdminSuccess<AdminUser>>(appPath(appId, 'users', userId), { signal });
  return res.data;
}

export function getUserQueryOptions(appId: string, userId: string) {
  return queryOptions({
    queryKey: [...usersKey(appId), 'detail', userId],
    queryFn: ({ signal }) => getUser(appId, userId, signal),
  });
}

export function useUser(appId: string, userId: string) {
  return useQuery(getUserQueryOptions(appId, userId));
}
