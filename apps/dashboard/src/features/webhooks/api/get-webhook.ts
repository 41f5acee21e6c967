import type { AdminSuccess, Webhook } from '@latchkey/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** GET /v1/admin/apps/{appId}/webhooks/{webhookId}: 404 when unknown or another app's. */
export async function getWebhook(appId: string, webhookId: string, signal?: AbortSignal): Promise<Webhook> {
  const res = await apiRequest<AdminSuccess<Webhook>>(appPath(appId, 'webhooks', webhookId), { signal });
  return res.data;
}

export function webhookKey(appId: string, webhookId: string) {
  return [...webhooksKey(appId), 'detail', webhookId] as const;
}

export function getWebhookQueryOptions(appId: string, webhookId: string) {
  return queryOptions({
    queryKey: webhookKey(appId, webhookId),
    queryFn: ({ signal }) => getWebhook(appId, webhookId, signal),
  });
}

export function useWebhook(appId: string, webhookId: string) {
  return useQuery(getWebhookQueryOptions(appId, webhookId));
}
