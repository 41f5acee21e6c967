import { PAGE_DEFAULT_LIMIT, type AdminList, type LedgerEntry } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';

/** GET /v1/admin/apps/{appId}/ledger: the calling reseller's own ledger, newest first. */
export function getOwnLedger(appId: string, page: number, signal?: AbortSignal) {
  return apiRequest<AdminList<LedgerEntry>>(
    appPath(appId, 'ledger') + toQueryString({ page, limit: PAGE_DEFAULT_LIMIT }),
    { signal },
  );
}

export function useOwnLedger(appId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...appScope(appId), 'own-ledger', { page }],
      queryFn: ({ signal }) => getOwnLedger(appId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
