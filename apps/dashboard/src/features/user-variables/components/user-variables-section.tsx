import { UserVariableLimits, type UserVariable } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { TextPreview } from '@/components/ui/text-preview';
import { toast } from '@/lib/toast';
import { useDeleteUserVariable } from '../api/delete-user-variable';
import { useUserVariables } from '../api/get-user-variables';
import { UserVariableFormDialog } from './user-variable-form-dialog';

const column = createColumnHelper<UserVariable>();
const { perUser } = UserVariableLimits;

/** A user's own variables on its page: every one of them (a user holds at most `perUser`), add, edit, delete. */
export function UserVariablesSection({ appId, userId }: { appId: string; userId: string }) {
  const variablesQuery = useUserVariables(appId, userId);
  const deleteMutation = useDeleteUserVariable(appId, userId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserVariable | null>(null);
  const [deleting, setDeleting] = useState<UserVariable | null>(null);
  const variables = variablesQuery.data?.data;
  const total = variablesQuery.data?.meta.total;
  const keys = useMemo(() => variables?.map((variable) => variable.key) ?? [], [variables]);
  const full = total !== undefined && total >= perUser;

  const columns = useMemo(
    () => [
      column.accessor('key', { header: 'Key', cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('value', {
        header: 'Value',
        cell: (info) => <TextPreview text={info.getValue()} />,
        meta: { className: 'col-break' },
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
    <section aria-labelledby="user-variables-heading">
      <h2 id="user-variables-heading">Variables</h2>
      <div className="toolbar">
        <button type="button" className="button" onClick={() => setAdding(true)} disabled={full}>
          Add variable
        </button>
        {total !== undefined ? (
          <span className="muted">
            {total} of {perUser}
            {full ? ': delete one to add another' : null}
          </span>
        ) : null}
      </div>
      <DataTable
        label="User variables"
        noun={['variable', 'variables']}
        columns={columns}
        rows={variables}
        total={total}
        page={1}
        pageSize={perUser}
        onPageChange={() => undefined}
        getRowId={(variable) => variable.key}
        error={variablesQuery.error}
        empty={
          <EmptyState title="No variables yet">
            The user&apos;s software keeps its own data here (settings, progress) with <code>setuservar</code>.
          </EmptyState>
        }
      />
      <UserVariableFormDialog
        appId={appId}
        userId={userId}
        existingKeys={keys}
        open={adding}
        onOpenChange={setAdding}
      />
      {editing ? (
        <UserVariableFormDialog
          appId={appId}
          userId={userId}
          variable={editing}
          existingKeys={keys}
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
        description="The user's software asking for it gets “Variable not found” from now on. This cannot be undone."
        confirmLabel="Delete variable"
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMutation.mutateAsync(deleting.key);
          toast.success(`Variable ${deleting.key} deleted`);
        }}
      />
    </section>
  );
}
