import type { Webhook } from '@latchkey/contracts';
import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { useSendTest } from '../api/send-test';
import { useUpdateWebhook } from '../api/update-webhook';

/**
 * The one-click actions of a webhook, shared by the list's row menu and the
 * webhook's own page: each announces its result, or the API's message.
 */
export function useWebhookCommands(appId: string) {
  const { mutateAsync: test, isPending: testing } = useSendTest(appId);
  const { mutateAsync: update, isPending: updating } = useUpdateWebhook(appId);

  const sendTest = useCallback(
    (webhook: Webhook) =>
      void test(webhook.id)
        .then(() => toast.success('Test event queued: see it under Deliveries'))
        .catch((error: unknown) => toast.error(error)),
    [test],
  );
  const setEnabled = useCallback(
    (webhook: Webhook, enabled: boolean) =>
      void update({ webhookId: webhook.id, enabled })
        .then(() => toast.success(enabled ? 'Webhook enabled' : 'Webhook disabled'))
        .catch((error: unknown) => toast.error(error)),
    [update],
  );
  return { sendTest, setEnabled, testing, updating };
}
