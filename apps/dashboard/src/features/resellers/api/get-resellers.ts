import { PAGE_MAX_LIMIT, type AdminList, type Reseller } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/resellers: one page (of up to 100, an app has few resellers). */
export function getResellers(appId: string, page: number, signal?: AbortSignal) {
  return apiRequest<AdminList<Reseller>>(appPath(appId, 'resellers') + toQueryString({ page, limit: PAGE_MAX_LIMIT }), {
    signal,
  });
}

/** Every query of this feature starts with this key: mutations invalidate it. */
export function resellersKey(appId: string) {
  return [...appScope(appId), 'resellers'] as const;
}

export function useResellers(appId: string, page = 1) {
  return useQuery(
    queryOptions({
      queryKey: [...resellersKey(appId), 'list', { page }],
      queryFn: ({ signal }) => getResellers(appId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
