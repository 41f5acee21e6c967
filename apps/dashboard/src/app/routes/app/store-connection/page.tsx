import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ActionButtons } from '@/components/ui/action-buttons';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useStoreConnections } from '@/features/store/api/store-connections';
import { ConnectionStatus, WebhookUrl } from '@/features/store/components/connection-parts';
import { ProductFormDialog } from '@/features/store/components/product-form-dialog';
import { ProductsTable } from '@/features/store/components/products-table';
import { StoreBreadcrumb } from '@/features/store/components/store-section';
import { useConnectionCommands } from '@/features/store/hooks/use-connection-commands';
import { PROVIDER_LABELS } from '@/features/store/utils/store-words';
import { useDocumentTitle } from '@/lib/use-document-title';

const storeConnectionRoute = getRouteApi('/dashboard/apps/$appId/store/connections/$connectionId');

export function StoreConnectionPage() {
  const { appId, connectionId } = storeConnectionRoute.useParams();
  const navigate = storeConnectionRoute.useNavigate();
  const connectionsQuery = useStoreConnections(appId);
  const connection = connectionsQuery.data?.find((candidate) => candidate.id === connectionId);
  useDocumentTitle(connection ? connection.name : 'Store connection');
  const [mapping, setMapping] = useState(false);
  const { offer, dialogs } = useConnectionCommands(appId, {
    onDeleted: () => navigate({ to: '/apps/$appId/store/connections', params: { appId } }),
  });
  const breadcrumb = <StoreBreadcrumb appId={appId} to="/apps/$appId/store/connections" label="Connections" />;

  if (connectionsQuery.data && !connection) {
    return (
      <div className="stack-lg">
        {breadcrumb}
        <PageHeader title="Connection not found" description="It may have been deleted." />
      </div>
    );
  }

  return (
    <div className="stack-lg">
      <div className="stack-sm">
        {breadcrumb}
        <PageHeader
          title={connection?.name ?? 'Store connection'}
          description={connection ? PROVIDER_LABELS[connection.provider] : undefined}
          actions={connection ? <ActionButtons label={connection.name} actions={offer(connection)} /> : null}
        />
      </div>
      <ErrorAlert error={connectionsQuery.error} title="Could not load the connection" />
      {connection ? (
        <>
          {connection.enabled ? null : (
            <div className="alert alert-info" role="status">
              <p className="alert-title">This connection is disabled.</p>
              <p>The store’s events to its URL are refused until you enable it; its orders and keys stay.</p>
            </div>
          )}
          <div className="card">
            <dl className="details">
              <dt>Webhook URL</dt>
              <dd>
                <WebhookUrl url={connection.webhookUrl} />
              </dd>
              <dt>Status</dt>
              <dd>
                <ConnectionStatus connection={connection} />
              </dd>
              <dt>Last event</dt>
              <dd>
                <DateTime value={connection.lastEventAt} empty="None yet" />
              </dd>
              <dt>Connected</dt>
              <dd>
                <DateTime value={connection.createdAt} />
              </dd>
            </dl>
          </div>
          <section className="stack" aria-labelledby="products-heading">
            <div className="page-head">
              <h2 id="products-heading">Products</h2>
              <button type="button" className="button button-primary" onClick={() => setMapping(true)}>
                Map a product
              </button>
            </div>
            <ProductsTable appId={appId} connectionId={connection.id} provider={connection.provider} />
          </section>
          <ProductFormDialog
            appId={appId}
            connectionId={connection.id}
            provider={connection.provider}
            open={mapping}
            onOpenChange={setMapping}
          />
        </>
      ) : connectionsQuery.error ? null : (
        <Skeleton height="12rem" />
      )}
      {dialogs}
    </div>
  );
}
