import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhookKey } from './get-webhook';
import { webhooksKey } from './get-webhooks';

/** DELETE /v1/admin/apps/{appId}/webhooks/{webhookId}: its deliveries go with it. */
export async function deleteWebhook(appId: string, webhookId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'webhooks', webhookId), {
    method: 'DELETE',
  });
}

export function useDeleteWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(appId, webhookId),
    onSuccess: (_, webhookId) => {
      // The deleted webhook's own queries would only answer 404 now: drop them, refresh the lists.
      queryClient.removeQueries({ queryKey: webhookKey(appId, webhookId) });
      queryClient.removeQueries({ queryKey: [...webhooksKey(appId), 'deliveries', webhookId] });
      return queryClient.invalidateQueries({ queryKey: [...webhooksKey(appId), 'list'] });
    },
  });
}
