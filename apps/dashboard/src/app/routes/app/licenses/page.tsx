import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useAppRole } from '@/lib/app-role';
import { useMe } from '@/features/auth/api/get-me';
import { ExportLicensesButton } from '@/features/licenses/components/export-licenses-button';
import { GenerateLicensesDialog } from '@/features/licenses/components/generate-licenses-dialog';
import { LicenseFilters } from '@/features/licenses/components/license-filters';
import { LicensesTable } from '@/features/licenses/components/licenses-table';
import { useResellers } from '@/features/resellers/api/get-resellers';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const licensesRoute = getRouteApi('/dashboard/apps/$appId/licenses');

export function LicensesPage() {
  useDocumentTitle('Licenses');
  const { appId } = licensesRoute.useParams();
  const { status, search, createdBy, page = 1 } = licensesRoute.useSearch();
  const navigate = licensesRoute.useNavigate();
  const me = useMe();
  const access = useAppRole();
  const resellers = useResellers(appId).data?.data;
  // Keys are created by the owner or by one of the app's resellers: the filter offers them by email.
  const creators = useMemo(() => {
    const owner = me.data ? [{ id: me.data.account.id, label: 'You' }] : [];
    return [...owner, ...(resellers ?? []).map((reseller) => ({ id: reseller.id, label: reseller.email }))];
  }, [me.data, resellers]);
  const creatorNames = useMemo(
    () => Object.fromEntries((resellers ?? []).map((reseller) => [reseller.id, reseller.email])),
    [resellers],
  );
  const [generating, setGenerating] = useState(false);

  return (
    <>
      <PageHeader
        title="Licenses"
        description="Keys your customers redeem. Ban one to lock its holder out at once."
        actions={
          <>
            {access.can('licenses.export') ? <ExportLicensesButton appId={appId} status={status} /> : null}
            {access.can('licenses.write') ? (
              <button type="button" className="button button-primary" onClick={() => setGenerating(true)}>
                Generate keys
              </button>
            ) : null}
          </>
        }
      />
      <div className="toolbar">
        <LicenseFilters
          status={status}
          search={search}
          createdBy={createdBy}
          creators={creators}
          onChange={filterSetter(navigate)}
        />
      </div>
      <LicensesTable
        appId={appId}
        status={status}
        search={search}
        createdBy={createdBy}
        creatorNames={creatorNames}
        paging={{ page, onPageChange: pageSetter(navigate) }}
        currentAccountId={me.data?.account.id}
      />
      {access.can('licenses.write') ? (
        <GenerateLicensesDialog appId={appId} open={generating} onOpenChange={setGenerating} />
      ) : null}
    </>
  );
}
