import type { AdminSuccess, WebhookDelivery } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/**
 * POST .../webhooks/{webhookId}/deliveries/{deliveryId}/retry: sends it again
 * now (a failed one gets one more attempt, with the same `webhook-id`).
 */
export async function retryDelivery(appId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const res = await apiRequest<AdminSuccess<WebhookDelivery>>(
    appPath(appId, 'webhooks', webhookId, 'deliveries', deliveryId, 'retry'),
    { method: 'POST' },
  );
  return res.data;
}

export function useRetryDelivery(appId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(appId, webhookId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(appId) }),
  });
}
