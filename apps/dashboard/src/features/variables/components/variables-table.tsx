import type { Variable } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { DeleteVariableDialog } from '@/components/domain/delete-variable-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useAppRole } from '@/lib/app-role';
import { variableColumns } from '@/components/domain/variable-columns';
import { useDeleteVariable } from '../api/delete-variable';
import { useVariables } from '../api/get-variables';
import { VariableFormDialog } from './variable-form-dialog';

const column = createColumnHelper<Variable>();

/** The app's variables, one page at a time, with edit and delete per row. */
export function VariablesTable({ appId, paging }: { appId: string; paging: Paging }) {
  const variablesQuery = useVariables(appId, { page: paging.page });
  const deleteMutation = useDeleteVariable(appId);
  const [editing, setEditing] = useState<Variable | null>(null);
  const [deleting, setDeleting] = useState<Variable | null>(null);
  const mayWrite = useAppRole().can('variables.write');

  const columns = useMemo(
    () =>
      variableColumns<Variable>({
        extra: [column.accessor('minLevel', { header: 'Min level', meta: { className: 'col-num' } })],
        ...(mayWrite ? { onEdit: setEditing, onDelete: setDeleting } : {}),
      }),
    [mayWrite],
  );

  return (
    <>
      <QueryTable
        label="Variables"
        noun={['variable', 'variables']}
        columns={columns}
        query={variablesQuery}
        paging={paging}
        getRowId={(variable) => variable.key}
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
      <DeleteVariableDialog
        variable={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(key) => deleteMutation.mutateAsync(key)}
        reader="Client software"
      />
    </>
  );
}
