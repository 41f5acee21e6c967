import { EmailText } from '@/components/ui/email-text';
import { PAGE_MAX_LIMIT, type Reseller } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { useAppRole } from '@/lib/app-role';
import { rowActionsColumn } from '@/components/ui/table-columns';
import { Badge } from '@/components/ui/status-badge';
import { useDisableReseller } from '../api/disable-reseller';
import { useResellers } from '../api/get-resellers';
import { AdjustCreditsDialog } from './reseller-dialogs';

const column = createColumnHelper<Reseller>();

/** The app's resellers: balance, keys, what each may generate; adjust credits, open the page (ledger, edit), disable. */
export function ResellersTable({ appId }: { appId: string }) {
  const resellersQuery = useResellers(appId);
  const disableMutation = useDisableReseller(appId);
  const [adjusting, setAdjusting] = useState<Reseller | null>(null);
  const [disabling, setDisabling] = useState<Reseller | null>(null);
  const mayWrite = useAppRole().can('resellers.write');

  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: 'Reseller',
        cell: (info) => (
          <Link
            to="/apps/$appId/resellers/$resellerId"
            params={{ appId, resellerId: info.row.original.id }}
            className="row-link"
          >
            <EmailText email={info.getValue()} />
          </Link>
        ),
      }),
      column.accessor('credits', { header: 'Credits', meta: { className: 'col-num' } }),
      column.accessor('keysGenerated', { header: 'Keys', meta: { className: 'col-num hide-sm' } }),
      column.accessor('allowedLevels', {
        header: 'Levels',
        cell: (info) => info.getValue()?.join(', ') ?? 'any',
        meta: { className: 'hide-sm' },
      }),
      column.accessor('allowedDurations', {
        header: 'Durations',
        cell: (info) => info.getValue()?.join(', ') ?? 'any',
        meta: { className: 'col-text hide-sm' },
      }),
      column.accessor('maxDevicesLimit', {
        header: 'Max devices',
        cell: (info) => info.getValue() ?? 'any',
        meta: { className: 'col-num hide-sm' },
      }),
      column.accessor('enabled', {
        header: 'Status',
        cell: (info) =>
          info.getValue() ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>,
      }),
      column.accessor('lastLoginAt', {
        header: 'Last sign-in',
        cell: (info) =>
          info.getValue() ? <DateTime value={info.getValue()!} /> : <span className="muted">Never</span>,
        meta: { className: 'hide-sm' },
      }),
      rowActionsColumn<Reseller>(
        (reseller) => reseller.email,
        (reseller) => [
          mayWrite && { label: 'Adjust credits', onSelect: () => setAdjusting(reseller) },
          mayWrite &&
            reseller.enabled && { label: 'Disable', destructive: true, onSelect: () => setDisabling(reseller) },
        ],
      ),
    ],
    [appId, mayWrite],
  );

  return (
    <>
      <QueryTable
        label="Resellers"
        noun={['reseller', 'resellers']}
        columns={columns}
        query={resellersQuery}
        pageSize={resellersQuery.data?.meta.limit ?? PAGE_MAX_LIMIT}
        getRowId={(reseller) => reseller.id}
        empty={
          <EmptyState title="No resellers yet">
            Resellers sign in here and generate keys of this app for credits you give them.
          </EmptyState>
        }
      />
      {adjusting ? <AdjustCreditsDialog appId={appId} reseller={adjusting} onClose={() => setAdjusting(null)} /> : null}
      <RowConfirmDialog
        row={disabling}
        onClose={() => setDisabling(null)}
        title={`Disable ${disabling?.email ?? 'reseller'}?`}
        description="They are signed out at once and cannot sign in again. Their keys and ledger stay."
        confirmLabel="Disable reseller"
        onConfirm={async (reseller) => {
          await disableMutation.mutateAsync(reseller.id);
          return `${reseller.email} disabled`;
        }}
      />
    </>
  );
}
