import type { AdminSuccess, WebhookTestResult } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deliveriesKey, webhookPath } from './get-deliveries';

/** POST .../webhooks/{webhookId}/test: queues a `test` event. */
export async function sendTest(appId: string, webhookId: string): Promise<WebhookTestResult> {
  const res = await apiRequest<AdminSuccess<WebhookTestResult>>(`${webhookPath(appId, webhookId)}/test`, {
    method: 'POST',
  });
  return res.data;
}

export function useSendTest(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTest(appId, webhookId),
    onSuccess: (_, webhookId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(appId, webhookId) }),
  });
}
