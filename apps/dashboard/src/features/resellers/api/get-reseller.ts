import type { AdminSuccess, Reseller } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/** GET /v1/admin/apps/{appId}/resellers/{resellerId}. */
export async function getReseller(appId: string, resellerId: string, signal?: AbortSignal): Promise<Reseller> {
  const res = await apiRequest<AdminSuccess<Reseller>>(appPath(appId, 'resellers', resellerId), { signal });
  return res.data;
}

export function useReseller(appId: string, resellerId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...resellersKey(appId), 'detail', resellerId],
      queryFn: ({ signal }) => getReseller(appId, resellerId, signal),
    }),
  );
}
