import { type BlacklistEntry, type BlacklistType } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { dateTimeCell, rowActionsColumn } from '@/components/ui/table-columns';
import { Badge } from '@/components/ui/status-badge';
import { useAppRole } from '@/lib/app-role';
import { useDeleteBlacklistEntry } from '../api/delete-blacklist-entry';
import { useBlacklist } from '../api/get-blacklist';
import { TYPE_LABELS } from '../utils/value-rules';
import '../blacklist.css';

const column = createColumnHelper<BlacklistEntry>();

/** The app's blacklist, one page at a time, optionally of one type; each entry can be removed. */
export function BlacklistTable({
  appId,
  type,
  paging,
}: {
  appId: string;
  type: BlacklistType | undefined;
  paging: Paging;
}) {
  const blacklistQuery = useBlacklist(appId, { type, page: paging.page });
  const deleteMutation = useDeleteBlacklistEntry(appId);
  const [deleting, setDeleting] = useState<BlacklistEntry | null>(null);
  const mayWrite = useAppRole().can('blacklist.write');

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
      column.accessor('createdAt', { header: 'Added', cell: dateTimeCell, meta: { className: 'hide-sm' } }),
      rowActionsColumn<BlacklistEntry>(
        (entry) => entry.value,
        (entry) => [mayWrite && { label: 'Delete', destructive: true, onSelect: () => setDeleting(entry) }],
      ),
    ],
    [mayWrite],
  );

  return (
    <>
      <QueryTable
        label="Blacklist"
        noun={['entry', 'entries']}
        columns={columns}
        query={blacklistQuery}
        paging={paging}
        getRowId={(entry) => entry.id}
        empty={
          <EmptyState title={type ? `No ${TYPE_LABELS[type]} entries` : 'Nothing blocked yet'}>
            Block an IP address or range, a hardware ID or a username to refuse its requests at once.
          </EmptyState>
        }
      />
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={`Remove ${deleting?.value ?? 'entry'} from the blacklist?`}
        description="Requests that matched only this entry are accepted again from now on."
        confirmLabel="Delete entry"
        onConfirm={async (entry) => {
          await deleteMutation.mutateAsync(entry.id);
          return `${entry.value} removed from the blacklist`;
        }}
      />
    </>
  );
}
