import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Badge } from '@/components/ui/status-badge';
import { useWebhooks } from '@/features/webhooks/api/get-webhooks';
import { useSendTest } from '@/features/webhooks/api/send-test';
import { DeliveriesTable } from '@/features/webhooks/components/deliveries-table';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { webhookRoute } from './route';

export function WebhookPage() {
  useDocumentTitle('Webhook deliveries');
  const { appId, webhookId } = webhookRoute.useParams();
  const { page = 1 } = webhookRoute.useSearch();
  const navigate = webhookRoute.useNavigate();
  const webhook = useWebhooks(appId).data?.data.find((candidate) => candidate.id === webhookId);
  const testMutation = useSendTest(appId);

  return (
    <>
      <p className="breadcrumb">
        <Link to="/apps/$appId/webhooks" params={{ appId }}>
          Webhooks
        </Link>
        <span aria-hidden="true"> / </span>
      </p>
      <PageHeader
        title="Deliveries"
        description={
          webhook ? (
            <>
              <code className="break">{webhook.url}</code>{' '}
              {webhook.enabled ? (
                <Badge tone="success">Enabled</Badge>
              ) : (
                <Badge tone="neutral">Disabled{webhook.disabledReason ? `: ${webhook.disabledReason}` : ''}</Badge>
              )}
            </>
          ) : undefined
        }
        actions={
          <button
            type="button"
            className="button button-secondary"
            disabled={testMutation.isPending}
            onClick={() =>
              testMutation.mutate(webhookId, {
                onSuccess: () => toast.success('Test event queued'),
                onError: (error) => toast.error(error),
              })
            }
          >
            Send test
          </button>
        }
      />
      <DeliveriesTable
        appId={appId}
        webhookId={webhookId}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
    </>
  );
}
