import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** DELETE .../webhooks/{webhookId}. */
export async function deleteWebhook(appId: string, webhookId: string): Promise<void> {
  await apiRequest(`/v1/admin/apps/${encodeURIComponent(appId)}/webhooks/${encodeURIComponent(webhookId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(appId, webhookId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(appId) }),
  });
}
