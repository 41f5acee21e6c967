import type { AdminSuccess, AppStats } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** Live sessions change without any action in the dashboard: the overview refreshes itself this often. */
const REFRESH_MS = 60_000;

/** GET /v1/admin/apps/{appId}/stats: counts, and activations and logins per UTC day for 30 days. */
export async function getStats(appId: string, signal?: AbortSignal): Promise<AppStats> {
  const res = await apiRequest<AdminSuccess<AppStats>>(appPath(appId, 'stats'), {
    signal,
  });
  return res.data;
}

/** Under the app scope, so any change that invalidates the app's queries refreshes the figures. */
export function statsKey(appId: string) {
  return [...appScope(appId), 'stats'] as const;
}

export function getStatsQueryOptions(appId: string) {
  return queryOptions({
    queryKey: statsKey(appId),
    queryFn: ({ signal }) => getStats(appId, signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useStats(appId: string) {
  return useQuery(getStatsQueryOptions(appId));
}
