import type { AdminSuccess, WebhookTestResult } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { webhooksKey } from './get-webhooks';

/** POST /v1/admin/apps/{appId}/webhooks/{webhookId}/test: queues a `test` event to this webhook only. */
export async function sendTest(appId: string, webhookId: string): Promise<WebhookTestResult> {
  const res = await apiRequest<AdminSuccess<WebhookTestResult>>(appPath(appId, 'webhooks', webhookId, 'test'), {
    method: 'POST',
  });
  return res.data;
}

export function useSendTest(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTest(appId, webhookId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(appId) }),
  });
}
