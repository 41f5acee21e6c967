import type { AdminSuccess, AppStats } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/stats: counts now, and activations and logins per UTC day for 30 days. */
export async function getStats(appId: string, signal?: AbortSignal): Promise<AppStats> {
  const res = await apiRequest<AdminSuccess<AppStats>>(`/v1/admin/apps/${encodeURIComponent(appId)}/stats`, {
    signal,
  });
  return res.data;
}

export function useStats(appId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...appScope(appId), 'stats'],
      queryFn: ({ signal }) => getStats(appId, signal),
      // Counts move on their own (logins, expiries): refresh while the page is open.
      refetchInterval: 60_000,
    }),
  );
}
