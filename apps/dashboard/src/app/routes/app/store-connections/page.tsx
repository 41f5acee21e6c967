import type { CreatedStoreConnection } from '@latchkey/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ConnectionCreatedDialog } from '@/features/store/components/connection-created-dialog';
import { ConnectionFormDialog } from '@/features/store/components/connection-form-dialog';
import { ConnectionsTable } from '@/features/store/components/connections-table';
import { StoreSection } from '@/features/store/components/store-section';

const storeConnectionsRoute = getRouteApi('/dashboard/apps/$appId/store/connections');

export function StoreConnectionsPage() {
  const { appId } = storeConnectionsRoute.useParams();
  const [creating, setCreating] = useState(false);
  // A generic connection's secret lives only here, until dismissed: the API never sends it again.
  const [created, setCreated] = useState<CreatedStoreConnection | null>(null);

  return (
    <StoreSection
      appId={appId}
      title="Store connections"
      actions={
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          Connect a store
        </button>
      }
    >
      <ConnectionsTable appId={appId} />
      <ConnectionFormDialog appId={appId} open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <ConnectionCreatedDialog connection={created} onClose={() => setCreated(null)} />
    </StoreSection>
  );
}
