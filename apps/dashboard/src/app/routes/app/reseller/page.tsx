import { Link, getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { useAppRole } from '@/lib/app-role';
import { useReseller } from '@/features/resellers/api/get-reseller';
import { useResellerLedger } from '@/features/resellers/api/get-reseller-ledger';
import { LedgerTable } from '@/features/resellers/components/ledger-table';
import { AdjustCreditsDialog, EditResellerDialog } from '@/features/resellers/components/reseller-dialogs';
import { describeLimits } from '@/features/resellers/components/reseller-limits-fields';
import { pageSetter } from '@/lib/search-params';
import { useDocumentTitle } from '@/lib/use-document-title';

const resellerRoute = getRouteApi('/dashboard/apps/$appId/resellers/$resellerId');

export function ResellerPage() {
  const { appId, resellerId } = resellerRoute.useParams();
  const { page = 1 } = resellerRoute.useSearch();
  const navigate = resellerRoute.useNavigate();
  const resellerQuery = useReseller(appId, resellerId);
  const ledgerQuery = useResellerLedger(appId, resellerId, page);
  const [adjusting, setAdjusting] = useState(false);
  const [editing, setEditing] = useState(false);
  const mayWrite = useAppRole().can('resellers.write');
  const reseller = resellerQuery.data;
  useDocumentTitle(reseller ? `Reseller ${reseller.email}` : 'Reseller');

  return (
    <>
      <p className="breadcrumb">
        <Link to="/apps/$appId/resellers" params={{ appId }}>
          Resellers
        </Link>
        <span aria-hidden="true"> / </span>
      </p>
      <PageHeader
        title={reseller?.email ?? 'Reseller'}
        description={
          reseller
            ? `${reseller.credits} credits · ${reseller.keysGenerated} keys · ${describeLimits(reseller)}${reseller.enabled ? '' : ' · disabled'}`
            : undefined
        }
        actions={
          <>
            <Link
              to="/apps/$appId/licenses"
              params={{ appId }}
              search={{ createdBy: resellerId }}
              className="button button-secondary"
            >
              Their keys
            </Link>
            {mayWrite ? (
              <>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!reseller}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </button>
                <button type="button" className="button button-primary" onClick={() => setAdjusting(true)}>
                  Adjust credits
                </button>
              </>
            ) : null}
          </>
        }
      />
      <ErrorAlert error={resellerQuery.error} title="Could not load the reseller" />
      <h2>Ledger</h2>
      <LedgerTable
        ledger={ledgerQuery.data}
        error={ledgerQuery.error}
        fetching={ledgerQuery.isPlaceholderData}
        page={page}
        onPageChange={pageSetter(navigate)}
      />
      {editing && reseller ? (
        <EditResellerDialog appId={appId} reseller={reseller} onClose={() => setEditing(false)} />
      ) : null}
      {adjusting && reseller ? (
        <AdjustCreditsDialog appId={appId} reseller={reseller} onClose={() => setAdjusting(false)} />
      ) : null}
    </>
  );
}
