import type { AdminSuccess, MeResult, ResellerAppCredit } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/**
 * GET /v1/admin/me, for a reseller: its balance and what it may generate in
 * `appId`. Keyed under the app's scope, so generating or deleting a key (which
 * invalidates the scope) refreshes the balance shown.
 */
export async function getResellerApp(appId: string, signal?: AbortSignal): Promise<ResellerAppCredit | null> {
  const res = await apiRequest<AdminSuccess<MeResult>>('/v1/admin/me', { signal });
  return res.data.apps?.find((app) => app.appId === appId) ?? null;
}

export function useResellerApp(appId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...appScope(appId), 'reseller-app'],
      queryFn: ({ signal }) => getResellerApp(appId, signal),
    }),
  );
}
