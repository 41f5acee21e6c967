import { PAGE_DEFAULT_LIMIT, type AdminList, type LedgerEntry, type LedgerReason } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge, type BadgeTone } from '@/components/ui/status-badge';

const column = createColumnHelper<LedgerEntry>();
const REASON_TONE: Record<LedgerReason, BadgeTone> = { grant: 'info', generate: 'neutral', refund: 'success' };

/** A reseller's credit ledger, newest first: each change, its reason and the balance after it. */
export function LedgerTable({
  ledger,
  error,
  fetching,
  page,
  onPageChange,
}: {
  ledger: AdminList<LedgerEntry> | undefined;
  error: Error | null;
  fetching: boolean;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: 'When', cell: (info) => <DateTime value={info.getValue()} /> }),
      column.accessor('reason', {
        header: 'Reason',
        cell: (info) => <Badge tone={REASON_TONE[info.getValue()]}>{info.getValue()}</Badge>,
      }),
      column.accessor('amount', {
        header: 'Credits',
        cell: (info) => (info.getValue() > 0 ? `+${info.getValue()}` : String(info.getValue())),
        meta: { className: 'col-num' },
      }),
      column.accessor('balanceAfter', { header: 'Balance after', meta: { className: 'col-num' } }),
      column.accessor('licenseIds', {
        header: 'Keys',
        cell: (info) => (info.getValue().length > 0 ? info.getValue().length : <span className="muted">—</span>),
        meta: { className: 'col-num hide-sm' },
      }),
      column.accessor('note', {
        header: 'Note',
        cell: (info) => info.getValue() ?? <span className="muted">—</span>,
        meta: { className: 'col-text' },
      }),
      column.accessor('actor', { header: 'By', meta: { className: 'col-break hide-sm' } }),
    ],
    [],
  );
  return (
    <DataTable
      label="Credit ledger"
      cards
      noun={['entry', 'entries']}
      columns={columns}
      rows={ledger?.data}
      meta={ledger?.meta}
      page={page}
      pageSize={PAGE_DEFAULT_LIMIT}
      onPageChange={onPageChange}
      getRowId={(entry) => entry.id}
      error={error}
      fetching={fetching}
      empty={<EmptyState title="No credit changes yet">Grants, generated keys and refunds show here.</EmptyState>}
    />
  );
}
