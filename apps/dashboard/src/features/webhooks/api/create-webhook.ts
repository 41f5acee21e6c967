import type { AdminSuccess, CreatedWebhook, CreateWebhookRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** POST /v1/admin/apps/{appId}/webhooks: 201 with the webhook and its signing secret (the only time it is sent). */
export async function createWebhook(appId: string, body: CreateWebhookRequest): Promise<CreatedWebhook> {
  const res = await apiRequest<AdminSuccess<CreatedWebhook>>(appPath(appId, 'webhooks'), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function useCreateWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => createWebhook(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(appId) }),
  });
}
