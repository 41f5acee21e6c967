import { PAGE_DEFAULT_LIMIT, type AdminList, type WebhookDelivery } from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

export function webhookPath(appId: string, webhookId: string) {
  return `/v1/admin/apps/${encodeURIComponent(appId)}/webhooks/${encodeURIComponent(webhookId)}`;
}

export function deliveriesKey(appId: string, webhookId: string) {
  return [...webhooksKey(appId), 'deliveries', webhookId] as const;
}

/** GET .../webhooks/{webhookId}/deliveries: newest first, one page. */
export function getDeliveries(appId: string, webhookId: string, page: number, signal?: AbortSignal) {
  return apiRequest<AdminList<WebhookDelivery>>(
    `${webhookPath(appId, webhookId)}/deliveries${toQueryString({ page, limit: PAGE_DEFAULT_LIMIT })}`,
    { signal },
  );
}

/** The delivery log; while a delivery is pending it is polled every 2 s, since the worker updates it. */
export function useDeliveries(appId: string, webhookId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...deliveriesKey(appId, webhookId), { page }],
      queryFn: ({ signal }) => getDeliveries(appId, webhookId, page, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.data.some((delivery) => delivery.status === 'pending') ? 2_000 : false,
    }),
  );
}
