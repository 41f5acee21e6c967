import type { Reseller } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge } from '@/components/ui/status-badge';
import { toast } from '@/lib/toast';
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
            {info.getValue()}
          </Link>
        ),
        meta: { className: 'col-break' },
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
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => {
          const reseller = info.row.original;
          return (
            <RowActions
              label={reseller.email}
              actions={[
                { label: 'Adjust credits', onSelect: () => setAdjusting(reseller) },
                reseller.enabled && { label: 'Disable', destructive: true, onSelect: () => setDisabling(reseller) },
              ]}
            />
          );
        },
        meta: { className: 'col-actions' },
      }),
    ],
    [appId],
  );

  return (
    <>
      <DataTable
        label="Resellers"
        noun={['reseller', 'resellers']}
        columns={columns}
        rows={resellersQuery.data?.data}
        meta={resellersQuery.data?.meta}
        page={1}
        pageSize={resellersQuery.data?.meta.limit ?? 100}
        onPageChange={() => undefined}
        getRowId={(reseller) => reseller.id}
        error={resellersQuery.error}
        empty={
          <EmptyState title="No resellers yet">
            Resellers sign in here and generate keys of this app for credits you give them.
          </EmptyState>
        }
      />
      {adjusting ? <AdjustCreditsDialog appId={appId} reseller={adjusting} onClose={() => setAdjusting(null)} /> : null}
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => {
          if (!open) setDisabling(null);
        }}
        title={`Disable ${disabling?.email ?? 'reseller'}?`}
        description="They are signed out at once and cannot sign in again. Their keys and ledger stay."
        confirmLabel="Disable reseller"
        onConfirm={async () => {
          if (!disabling) return;
          await disableMutation.mutateAsync(disabling.id);
          toast.success(`${disabling.email} disabled`);
        }}
      />
    </>
  );
}
