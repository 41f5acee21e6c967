import type { AdminSuccess, AppWithRole } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}: the app without its API key, with the caller's role on it. */
export async function getApp(appId: string, signal?: AbortSignal): Promise<AppWithRole> {
  const res = await apiRequest<AdminSuccess<AppWithRole>>(appPath(appId), { signal });
  return res.data;
}

/** Key of one app; a change to its settings invalidates this and `appsListKey`. */
export function appKey(appId: string) {
  return [...appScope(appId), 'app'] as const;
}

export function getAppQueryOptions(appId: string) {
  return queryOptions({
    queryKey: appKey(appId),
    queryFn: ({ signal }) => getApp(appId, signal),
  });
}

export function useApp(appId: string) {
  return useQuery(getAppQueryOptions(appId));
}
