import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { CreateResellerDialog } from '@/features/resellers/components/reseller-dialogs';
import { ResellersTable } from '@/features/resellers/components/resellers-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { resellersRoute } from './route';

export function ResellersPage() {
  useDocumentTitle('Resellers');
  const { appId } = resellersRoute.useParams();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Resellers"
        description="People who sell this app's keys: each key they generate costs one credit."
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New reseller
          </button>
        }
      />
      <ResellersTable appId={appId} />
      <CreateResellerDialog appId={appId} open={creating} onOpenChange={setCreating} />
    </>
  );
}
