import { PAGE_DEFAULT_LIMIT, type AdminList, type LedgerEntry } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { resellersKey } from './get-resellers';

/** GET /v1/admin/apps/{appId}/resellers/{resellerId}/ledger: newest first. */
export function getResellerLedger(appId: string, resellerId: string, page: number, signal?: AbortSignal) {
  return apiRequest<AdminList<LedgerEntry>>(
    appPath(appId, 'resellers', resellerId, 'ledger') + toQueryString({ page, limit: PAGE_DEFAULT_LIMIT }),
    { signal },
  );
}

export function useResellerLedger(appId: string, resellerId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...resellersKey(appId), 'ledger', resellerId, { page }],
      queryFn: ({ signal }) => getResellerLedger(appId, resellerId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
