import type { AdminSuccess, UpdateWebhookRequest, Webhook } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** PATCH /v1/admin/apps/{appId}/webhooks/{webhookId}: URL, events, or `enabled` (true turns a disabled one back on). */
export async function updateWebhook(appId: string, webhookId: string, body: UpdateWebhookRequest): Promise<Webhook> {
  const res = await apiRequest<AdminSuccess<Webhook>>(appPath(appId, 'webhooks', webhookId), { method: 'PATCH', body });
  return res.data;
}

export function useUpdateWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, ...body }: UpdateWebhookRequest & { webhookId: string }) =>
      updateWebhook(appId, webhookId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(appId) }),
  });
}
