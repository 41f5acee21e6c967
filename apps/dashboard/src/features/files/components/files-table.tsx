import type { FileRecord } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { useAppRole } from '@/lib/app-role';
import { dateTimeCell, rowActionsColumn } from '@/components/ui/table-columns';
import { formatBytes, formatNumber } from '@/lib/format';
import { useDeleteFile } from '../api/delete-file';
import { useFiles } from '../api/get-files';
import { EditFileDialog } from './edit-file-dialog';
import { ReplaceFileDialog } from './replace-file-dialog';

const column = createColumnHelper<FileRecord>();

/** The app's files, one page at a time, with rename, replace and delete per row. */
export function FilesTable({ appId, paging }: { appId: string; paging: Paging }) {
  const filesQuery = useFiles(appId, { page: paging.page });
  const deleteMutation = useDeleteFile(appId);
  const [editing, setEditing] = useState<FileRecord | null>(null);
  const [replacing, setReplacing] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);
  const mayWrite = useAppRole().can('files.write');

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.portalOffered ? (
              <>
                {' '}
                <Badge tone="neutral">Customer page</Badge>
              </>
            ) : null}
          </>
        ),
        meta: { className: 'col-break' },
      }),
      column.accessor('size', {
        header: 'Size',
        cell: (info) => <span title={`${formatNumber(info.getValue())} bytes`}>{formatBytes(info.getValue())}</span>,
        meta: { className: 'col-num' },
      }),
      column.accessor('minLevel', { header: 'Min level', meta: { className: 'col-num' } }),
      column.accessor('downloads', {
        header: 'Downloads',
        cell: (info) => formatNumber(info.getValue()),
        meta: { className: 'col-num' },
      }),
      column.accessor('sha256', {
        header: 'SHA-256',
        cell: (info) => (
          <code className="mono" title={info.getValue()}>
            {info.getValue().slice(0, 12)}…
          </code>
        ),
        meta: { className: 'hide-sm' },
      }),
      column.accessor('updatedAt', { header: 'Updated', cell: dateTimeCell, meta: { className: 'hide-sm' } }),
      rowActionsColumn<FileRecord>(
        (file) => file.name,
        (file) =>
          mayWrite
            ? [
                { label: 'Edit', onSelect: () => setEditing(file) },
                { label: 'Replace content', onSelect: () => setReplacing(file) },
                { label: 'Delete', destructive: true, onSelect: () => setDeleting(file) },
              ]
            : [],
      ),
    ],
    [mayWrite],
  );

  return (
    <>
      <QueryTable
        label="Files"
        noun={['file', 'files']}
        columns={columns}
        query={filesQuery}
        paging={paging}
        getRowId={(file) => file.fileId}
        empty={
          <EmptyState title="No files yet">
            Upload loaders, updates or configs; your software downloads them with a session through the `file` request.
          </EmptyState>
        }
      />
      {editing ? <EditFileDialog appId={appId} file={editing} onClose={() => setEditing(null)} /> : null}
      {replacing ? <ReplaceFileDialog appId={appId} file={replacing} onClose={() => setReplacing(null)} /> : null}
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'file'}?`}
        description="Its stored content is removed and links already handed out stop working. This cannot be undone."
        confirmLabel="Delete file"
        onConfirm={async (file) => {
          await deleteMutation.mutateAsync(file.fileId);
          return `File ${file.name} deleted`;
        }}
      />
    </>
  );
}
