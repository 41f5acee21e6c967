import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useMe } from '@/features/auth/api/get-me';
import { useExportLicenses } from '@/features/licenses/api/export-licenses';
import { GenerateLicensesDialog } from '@/features/licenses/components/generate-licenses-dialog';
import { LicenseFilters } from '@/features/licenses/components/license-filters';
import { LicensesTable } from '@/features/licenses/components/licenses-table';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { licensesRoute } from './route';

export function LicensesPage() {
  useDocumentTitle('Licenses');
  const { appId } = licensesRoute.useParams();
  const { status, search, page = 1 } = licensesRoute.useSearch();
  const navigate = licensesRoute.useNavigate();
  const me = useMe();
  const exportMutation = useExportLicenses(appId);
  const [generating, setGenerating] = useState(false);

  return (
    <>
      <PageHeader
        title="Licenses"
        description="Keys your customers redeem. Ban one to lock its holder out at once."
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              disabled={exportMutation.isPending}
              onClick={() =>
                exportMutation.mutate(status, {
                  onSuccess: () => toast.success('Export downloaded'),
                  onError: (error) => toast.error(error),
                })
              }
            >
              {exportMutation.isPending ? 'Exporting…' : 'Export CSV'}
            </button>
            <button type="button" className="button button-primary" onClick={() => setGenerating(true)}>
              Generate keys
            </button>
          </>
        }
      />
      <div className="toolbar">
        <LicenseFilters
          status={status}
          search={search}
          onChange={(filters) => void navigate({ search: (prev) => ({ ...prev, ...filters, page: undefined }) })}
        />
      </div>
      <LicensesTable
        appId={appId}
        status={status}
        search={search}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
        currentAccountId={me.data?.account.id}
      />
      <GenerateLicensesDialog appId={appId} open={generating} onOpenChange={setGenerating} />
    </>
  );
}
