import { PAGE_DEFAULT_LIMIT, type FileRecord } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { formatBytes, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteFile } from '../api/delete-file';
import { useFiles } from '../api/get-files';
import { EditFileDialog } from './edit-file-dialog';
import { ReplaceFileDialog } from './replace-file-dialog';

const column = createColumnHelper<FileRecord>();

/** The app's files, one page at a time, with rename, replace and delete per row. */
export function FilesTable({
  appId,
  page,
  onPageChange,
}: {
  appId: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const filesQuery = useFiles(appId, { page });
  const deleteMutation = useDeleteFile(appId);
  const [editing, setEditing] = useState<FileRecord | null>(null);
  const [replacing, setReplacing] = useState<FileRecord | null>(null);
  const [deleting, setDeleting] = useState<FileRecord | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name', meta: { className: 'col-break' } }),
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
      column.accessor('updatedAt', {
        header: 'Updated',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <RowActions
            label={info.row.original.name}
            actions={[
              { label: 'Edit', onSelect: () => setEditing(info.row.original) },
              { label: 'Replace content', onSelect: () => setReplacing(info.row.original) },
              { label: 'Delete', destructive: true, onSelect: () => setDeleting(info.row.original) },
            ]}
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
        label="Files"
        noun={['file', 'files']}
        columns={columns}
        rows={filesQuery.data?.data}
        total={filesQuery.data?.meta.total}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(file) => file.fileId}
        error={filesQuery.error}
        fetching={filesQuery.isPlaceholderData}
        empty={
          <EmptyState title="No files yet">
            Upload loaders, updates or configs; your software downloads them with a session through the `file` request.
          </EmptyState>
        }
      />
      {editing ? (
        <EditFileDialog
          appId={appId}
          file={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      {replacing ? (
        <ReplaceFileDialog
          appId={appId}
          file={replacing}
          onOpenChange={(open) => {
            if (!open) setReplacing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? 'file'}?`}
        description="Its stored content is removed and links already handed out stop working. This cannot be undone."
        confirmLabel="Delete file"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.fileId);
          toast.success(`File ${deleting.name} deleted`);
        }}
      />
    </>
  );
}
