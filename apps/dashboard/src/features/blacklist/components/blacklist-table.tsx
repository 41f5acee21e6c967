import { PAGE_DEFAULT_LIMIT, type BlacklistEntry, type BlacklistType } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { Badge } from '@/components/ui/status-badge';
import { toast } from '@/lib/toast';
import { useDeleteBlacklistEntry } from '../api/delete-blacklist-entry';
import { useBlacklist } from '../api/get-blacklist';
import { TYPE_LABELS } from '../utils/value-rules';
import '../blacklist.css';

const column = createColumnHelper<BlacklistEntry>();

/** The app's blacklist, one page at a time, optionally of one type; each entry can be removed. */
export function BlacklistTable({
  appId,
  type,
  page,
  onPageChange,
}: {
  appId: string;
  type: BlacklistType | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const blacklistQuery = useBlacklist(appId, { type, page });
  const deleteMutation = useDeleteBlacklistEntry(appId);
  const [deleting, setDeleting] = useState<BlacklistEntry | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('type', {
        header: 'Type',
        cell: (info) => <Badge tone="neutral">{TYPE_LABELS[info.getValue()]}</Badge>,
      }),
      column.accessor('value', {
        header: 'Value',
        cell: (info) => <code className="break">{info.getValue()}</code>,
        meta: { className: 'col-break' },
      }),
      column.accessor('reason', {
        header: 'Reason',
        cell: (info) => {
          const reason = info.getValue();
          return reason ? <span className="blacklist-reason">{reason}</span> : <span className="muted">—</span>;
        },
        meta: { className: 'col-text' },
      }),
      column.accessor('createdAt', {
        header: 'Added',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <RowActions
            label={info.row.original.value}
            actions={[{ label: 'Delete', destructive: true, onSelect: () => setDeleting(info.row.original) }]}
          />
        ),
        meta: { className: 'col-actions' },
      }),
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="Blacklist"
        noun={['entry', 'entries']}
        columns={columns}
        rows={blacklistQuery.data?.data}
        meta={blacklistQuery.data?.meta}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(entry) => entry.id}
        error={blacklistQuery.error}
        fetching={blacklistQuery.isPlaceholderData}
        empty={
          <EmptyState title={type ? `No ${TYPE_LABELS[type]} entries` : 'Nothing blocked yet'}>
            Block an IP address or range, a hardware ID or a username to refuse its requests at once.
          </EmptyState>
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Remove ${deleting?.value ?? 'entry'} from the blacklist?`}
        description="Requests that matched only this entry are accepted again from now on."
        confirmLabel="Delete entry"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.id);
          toast.success(`${deleting.value} removed from the blacklist`);
        }}
      />
    </>
  );
}
