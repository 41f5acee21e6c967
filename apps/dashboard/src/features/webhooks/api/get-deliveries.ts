import {
  PAGE_DEFAULT_LIMIT,
  type AdminList,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { webhookKey } from './get-webhook';
import { webhooksKey } from './get-webhooks';

export interface DeliveriesQuery {
  status?: WebhookDeliveryStatus | undefined;
  page?: number;
  limit?: number;
}

/** While a delivery on screen is pending, the list asks again this often to show its outcome. */
const PENDING_REFRESH_MS = 1000;

/** GET /v1/admin/apps/{appId}/webhooks/{webhookId}/deliveries: newest first, each with its attempts. */
export function getDeliveries(
  appId: string,
  webhookId: string,
  { status, page = 1, limit = PAGE_DEFAULT_LIMIT }: DeliveriesQuery,
  signal?: AbortSignal,
) {
  return apiRequest<AdminList<WebhookDelivery>>(
    appPath(appId, 'webhooks', webhookId, 'deliveries') + toQueryString({ status, page, limit }),
    { signal },
  );
}

/** Whether a delivery settled between two looks at a page: pending before (or not there yet), not pending now, or gone. */
function someSettled(before: WebhookDelivery[], after: WebhookDelivery[]): boolean {
  const statusBefore = new Map(before.map((delivery) => [delivery.id, delivery.status]));
  const idsAfter = new Set(after.map((delivery) => delivery.id));
  return (
    after.some(
      (delivery) => delivery.status !== 'pending' && (statusBefore.get(delivery.id) ?? 'pending') === 'pending',
    ) || before.some((delivery) => delivery.status === 'pending' && !idsAfter.has(delivery.id))
  );
}

export function getDeliveriesQueryOptions(
  appId: string,
  webhookId: string,
  { status, page = 1, limit = PAGE_DEFAULT_LIMIT }: DeliveriesQuery = {},
) {
  return queryOptions({
    queryKey: [...webhooksKey(appId), 'deliveries', webhookId, { status, page, limit }],
    queryFn: async ({ signal, client, queryKey }) => {
      const previous = client.getQueryData<AdminList<WebhookDelivery>>(queryKey);
      const next = await getDeliveries(appId, webhookId, { status, page, limit }, signal);
      // A settled delivery may have changed the webhook (an answer of 410 disables it): refresh it then.
      const settled = previous !== undefined && someSettled(previous.data, next.data);
      if (settled) {
        void client.invalidateQueries({ queryKey: webhookKey(appId, webhookId) });
        void client.invalidateQueries({ queryKey: [...webhooksKey(appId), 'list'] });
      }
      return next;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

export function useDeliveries(appId: string, webhookId: string, query: DeliveriesQuery = {}) {
  return useQuery(getDeliveriesQueryOptions(appId, webhookId, query));
}
