import { getRouteApi } from '@tanstack/react-router';
import type { CreatedWebhook } from '@latchkey/contracts';
import { useState } from 'react';
import { SecretOnceDialog } from '@/components/ui/secret-once-dialog';
import { WebhookFormDialog } from '@/features/webhooks/components/webhook-form-dialog';
import { WebhooksTable } from '@/features/webhooks/components/webhooks-table';
import { pageSetter } from '@/lib/search-params';
import { ListPage } from '../list-page';

const webhooksRoute = getRouteApi('/dashboard/apps/$appId/webhooks');

export function WebhooksPage() {
  const { appId } = webhooksRoute.useParams();
  const { page = 1 } = webhooksRoute.useSearch();
  const navigate = webhooksRoute.useNavigate();
  // The secret lives only here, until dismissed: the API never sends it again.
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <ListPage
      title="Webhooks"
      description="Signed HTTP calls to your server or a Discord channel when users log in, register, get banned and more."
      createLabel="New webhook"
      createDialog={(open, onOpenChange) => (
        <WebhookFormDialog appId={appId} open={open} onOpenChange={onOpenChange} onCreated={setCreated} />
      )}
    >
      <WebhooksTable appId={appId} paging={{ page, onPageChange: pageSetter(navigate) }} />
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
    </ListPage>
  );
}
