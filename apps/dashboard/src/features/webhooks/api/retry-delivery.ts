import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deliveriesKey, webhookPath } from './get-deliveries';

/** POST .../deliveries/{deliveryId}/retry: the delivery is queued again. */
export async function retryDelivery(appId: string, webhookId: string, deliveryId: string): Promise<void> {
  await apiRequest(`${webhookPath(appId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, {
    method: 'POST',
  });
}

export function useRetryDelivery(appId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(appId, webhookId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(appId, webhookId) }),
  });
}
