import type { CreatedWebhook } from '@latchkey/contracts';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SecretOnceDialog } from '@/components/ui/secret-once-dialog';
import { WebhookFormDialog } from '@/features/webhooks/components/webhook-form-dialog';
import { WebhooksTable } from '@/features/webhooks/components/webhooks-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { webhooksRoute } from './route';

export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const { appId } = webhooksRoute.useParams();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed HTTP calls to your servers (or messages to Discord) when things happen in this app."
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New webhook
          </button>
        }
      />
      <WebhooksTable appId={appId} />
      <WebhookFormDialog appId={appId} open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <SecretOnceDialog
        title="Webhook signing secret"
        label="Signing secret"
        secret={created?.secret ?? null}
        onClose={() => setCreated(null)}
      >
        <p>
          Each delivery to <code className="break">{created?.url}</code> carries a <code>webhook-signature</code>{' '}
          header: an HMAC-SHA256 made with this secret (Standard Webhooks). Check it before trusting a call.
        </p>
      </SecretOnceDialog>
    </>
  );
}
