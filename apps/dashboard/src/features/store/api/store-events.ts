import {
  PAGE_DEFAULT_LIMIT,
  type AdminList,
  type ListStoreEventsQuery,
  type StoreEventRecord,
} from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { storeKey } from './store-connections';

/** GET .../store/events: every event received, newest first, refused ones with their reason. */
export function getStoreEvents(appId: string, query: ListStoreEventsQuery, signal?: AbortSignal) {
  const { outcome, connectionId, page = 1, limit = PAGE_DEFAULT_LIMIT } = query;
  return apiRequest<AdminList<StoreEventRecord>>(
    appPath(appId, 'store', 'events') + toQueryString({ outcome, connectionId, page, limit }),
    { signal },
  );
}

export function getStoreEventsQueryOptions(appId: string, query: ListStoreEventsQuery = {}) {
  return queryOptions({
    queryKey: [...storeKey(appId), 'events', query],
    queryFn: ({ signal }) => getStoreEvents(appId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStoreEvents(appId: string, query: ListStoreEventsQuery = {}) {
  return useQuery(getStoreEventsQueryOptions(appId, query));
}
