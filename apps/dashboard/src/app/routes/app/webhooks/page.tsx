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
  const { page = 1 } = webhooksRoute.useSearch();
  const navigate = webhooksRoute.useNavigate();
  const [creating, setCreating] = useState(false);
  // The secret lives only here, until dismissed: the API never sends it again.
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed HTTP calls to your server or a Discord channel when users log in, register, get banned and more."
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New webhook
          </button>
        }
      />
      <WebhooksTable
        appId={appId}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <WebhookFormDialog appId={appId} open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <SecretOnceDialog
        title="Webhook signing secret"
        label="Signing secret"
        secret={created?.secret ?? null}
        onClose={() => setCreated(null)}
      >
        <p className="break">
          For <code>{created?.url}</code>. Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code>{' '}
          and <code>webhook-signature</code> (Standard Webhooks): verify the signature with this secret before trusting
          the body.
        </p>
      </SecretOnceDialog>
    </>
  );
}
