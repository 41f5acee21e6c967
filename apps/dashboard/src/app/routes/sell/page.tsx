import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { ExportLicensesButton } from '@/features/licenses/components/export-licenses-button';
import { GenerateLicensesDialog } from '@/features/licenses/components/generate-licenses-dialog';
import { LicenseFilters } from '@/features/licenses/components/license-filters';
import { LicensesTable } from '@/features/licenses/components/licenses-table';
import { useOwnLedger } from '@/features/reseller-console/api/get-own-ledger';
import { useResellerApp } from '@/features/reseller-console/api/get-reseller-app';
import { LedgerTable } from '@/features/resellers/components/ledger-table';
import { filterSetter, pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';
import './page.css';

const sellRoute = getRouteApi('/dashboard/sell/$appId');

export function SellPage() {
  const { appId } = sellRoute.useParams();
  const { status, search, page = 1, ledgerPage = 1 } = sellRoute.useSearch();
  const navigate = sellRoute.useNavigate();
  const sold = useResellerApp(appId).data;
  const me = useMe();
  const ledgerQuery = useOwnLedger(appId, ledgerPage);
  const [generating, setGenerating] = useState(false);
  useDocumentTitle(sold ? `Sell ${sold.name}` : 'Sell');

  return (
    <div className="stack-lg">
      <PageHeader
        title={sold?.name ?? 'Your keys'}
        description={
          sold
            ? `Levels ${sold.allowedLevels?.join(', ') ?? 'any'} · durations ${sold.allowedDurations?.join(', ') ?? 'any'} · ${sold.maxDevicesLimit === null ? 'any number of' : `up to ${sold.maxDevicesLimit}`} devices per key · one credit per key`
            : undefined
        }
        actions={
          <>
            <p className="balance" aria-live="polite">
              Balance <strong data-testid="reseller-balance">{sold ? sold.credits : <Skeleton width="2rem" />}</strong>{' '}
              {sold?.credits === 1 ? 'credit' : 'credits'}
            </p>
            <ExportLicensesButton appId={appId} status={status} />
            <button
              type="button"
              className="button button-primary"
              disabled={!sold}
              onClick={() => setGenerating(true)}
            >
              Generate keys
            </button>
          </>
        }
      />
      <section className="stack">
        <div className="toolbar">
          <LicenseFilters status={status} search={search} onChange={filterSetter(navigate)} />
        </div>
        <LicensesTable
          appId={appId}
          status={status}
          search={search}
          paging={{ page, onPageChange: pageSetter(navigate) }}
          actions="reseller"
          currentAccountId={me.data?.account.id}
        />
      </section>
      <section className="stack">
        <h2>Credit ledger</h2>
        <LedgerTable
          ledger={ledgerQuery.data}
          error={ledgerQuery.error}
          fetching={ledgerQuery.isPlaceholderData}
          page={ledgerPage}
          onPageChange={pageSetter(navigate, 'ledgerPage')}
        />
      </section>
      <p className="muted">
        Access tokens for your own tools: <Link to="/account">Account</Link>.
      </p>
      {sold ? (
        <GenerateLicensesDialog appId={appId} open={generating} onOpenChange={setGenerating} reseller={sold} />
      ) : null}
    </div>
  );
}
