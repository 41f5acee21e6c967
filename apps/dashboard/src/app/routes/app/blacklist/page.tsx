import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { AddBlacklistEntryDialog } from '@/features/blacklist/components/add-blacklist-entry-dialog';
import { BlacklistTable } from '@/features/blacklist/components/blacklist-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { blacklistRoute } from './route';

export function BlacklistPage() {
  useDocumentTitle('Blacklist');
  const { appId } = blacklistRoute.useParams();
  const { page = 1 } = blacklistRoute.useSearch();
  const navigate = blacklistRoute.useNavigate();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Blacklist"
        description="IP addresses and ranges, hardware IDs and usernames refused on every client call."
        actions={
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            Add entry
          </button>
        }
      />
      <BlacklistTable
        appId={appId}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <AddBlacklistEntryDialog appId={appId} open={adding} onOpenChange={setAdding} />
    </>
  );
}
