import { PAGE_DEFAULT_LIMIT, type Variable } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { toast } from '@/lib/toast';
import { useDeleteVariable } from '../api/delete-variable';
import { useVariables } from '../api/get-variables';
import { VariableFormDialog } from './variable-form-dialog';

const column = createColumnHelper<Variable>();
const PREVIEW_CHARS = 80;

/** The app's variables, one page at a time, with edit and delete per row. */
export function VariablesTable({
  appId,
  page,
  onPageChange,
}: {
  appId: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const variablesQuery = useVariables(appId, { page });
  const deleteMutation = useDeleteVariable(appId);
  const [editing, setEditing] = useState<Variable | null>(null);
  const [deleting, setDeleting] = useState<Variable | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('key', { header: 'Key', cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('value', {
        header: 'Value',
        cell: (info) => {
          const value = info.getValue();
          return (
            <span
              className="mono break"
              title={value.length > PREVIEW_CHARS ? 'Edit to see the whole value' : undefined}
            >
              {value.length > PREVIEW_CHARS ? `${value.slice(0, PREVIEW_CHARS)}…` : value}
            </span>
          );
        },
        meta: { className: 'col-break' },
      }),
      column.accessor('minLevel', { header: 'Min level', meta: { className: 'col-num' } }),
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
            label={info.row.original.key}
            actions={[
              { label: 'Edit', onSelect: () => setEditing(info.row.original) },
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
        label="Variables"
        noun={['variable', 'variables']}
        columns={columns}
        rows={variablesQuery.data?.data}
        meta={variablesQuery.data?.meta}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(variable) => variable.key}
        error={variablesQuery.error}
        fetching={variablesQuery.isPlaceholderData}
        empty={
          <EmptyState title="No variables yet">
            Variables hold text your software fetches after login: settings, messages, download links.
          </EmptyState>
        }
      />
      {editing ? (
        <VariableFormDialog
          appId={appId}
          variable={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.key ?? 'variable'}?`}
        description="Client software asking for it gets “Variable not found” from now on. This cannot be undone."
        confirmLabel="Delete variable"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.key);
          toast.success(`Variable ${deleting.key} deleted`);
        }}
      />
    </>
  );
}
