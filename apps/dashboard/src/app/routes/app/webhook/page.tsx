import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@latchkey/contracts';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SelectField } from '@/components/ui/form-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useWebhook } from '@/features/webhooks/api/get-webhook';
import { DeleteWebhookDialog } from '@/features/webhooks/components/delete-webhook-dialog';
import { DeliveriesTable } from '@/features/webhooks/components/deliveries-table';
import { WebhookFormDialog } from '@/features/webhooks/components/webhook-form-dialog';
import { WebhookSummary } from '@/features/webhooks/components/webhook-summary';
import { useWebhookCommands } from '@/features/webhooks/hooks/use-webhook-commands';
import { DELIVERY_STATUS_BADGES } from '@/features/webhooks/utils/webhook-rules';
import { ApiError } from '@/lib/api-client';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const webhookRoute = getRouteApi('/dashboard/apps/$appId/webhooks/$webhookId');

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_BADGES[value].label })),
];

export function WebhookPage() {
  useDocumentTitle('Webhook');
  const { appId, webhookId } = webhookRoute.useParams();
  const { status, page = 1 } = webhookRoute.useSearch();
  const navigate = webhookRoute.useNavigate();
  const webhookQuery = useWebhook(appId, webhookId);
  const { sendTest, setEnabled, testing, updating } = useWebhookCommands(appId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const webhook = webhookQuery.data;

  const back = (
    <p className="breadcrumb">
      <Link to="/apps/$appId/webhooks" params={{ appId }}>
        Webhooks
      </Link>
      <span aria-hidden="true"> / </span>
    </p>
  );

  if (webhookQuery.error instanceof ApiError && webhookQuery.error.status === 404) {
    return (
      <div className="stack-lg">
        {back}
        <PageHeader title="Webhook not found" description="It may have been deleted." />
      </div>
    );
  }

  return (
    <div className="stack-lg">
      <div className="stack-sm">
        {back}
        <PageHeader
          title="Webhook"
          description="Its settings, and every event sent to it with each attempt."
          actions={
            webhook ? (
              <>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={testing}
                  onClick={() => sendTest(webhook)}
                >
                  Send test
                </button>
                <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={updating}
                  onClick={() => setEnabled(webhook, !webhook.enabled)}
                >
                  {webhook.enabled ? 'Disable' : 'Enable'}
                </button>
                <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
                  Delete
                </button>
              </>
            ) : null
          }
        />
      </div>
      <ErrorAlert error={webhookQuery.error} title="Could not load the webhook" />
      {webhook ? <WebhookSummary webhook={webhook} /> : webhookQuery.error ? null : <Skeleton height="12rem" />}
      <section className="stack" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <div className="toolbar">
          <SelectField
            label="Status"
            options={STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(event) =>
              filterSetter(navigate)({ status: (event.target.value || undefined) as WebhookDeliveryStatus | undefined })
            }
          />
        </div>
        <DeliveriesTable
          appId={appId}
          webhookId={webhookId}
          status={status}
          page={page}
          onPageChange={pageSetter(navigate)}
        />
      </section>
      {webhook && editing ? <WebhookFormDialog appId={appId} webhook={webhook} open onOpenChange={setEditing} /> : null}
      <DeleteWebhookDialog
        appId={appId}
        webhook={deleting && webhook ? webhook : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate({ to: '/apps/$appId/webhooks', params: { appId } })}
      />
    </div>
  );
}
