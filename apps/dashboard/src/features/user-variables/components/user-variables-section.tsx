import { UserVariableLimits, type UserVariable } from '@latchkey/contracts';
import { useMemo, useState } from 'react';
import { QueryTable } from '@/components/ui/data-table';
import { DeleteVariableDialog } from '@/components/domain/delete-variable-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useAppRole } from '@/lib/app-role';
import { variableColumns } from '@/components/domain/variable-columns';
import { useDeleteUserVariable } from '../api/delete-user-variable';
import { useUserVariables } from '../api/get-user-variables';
import { UserVariableFormDialog } from './user-variable-form-dialog';

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
  const mayWrite = useAppRole().can('userVariables.write');

  const columns = useMemo(
    () => variableColumns<UserVariable>(mayWrite ? { onEdit: setEditing, onDelete: setDeleting } : {}),
    [mayWrite],
  );

  return (
    <section aria-labelledby="user-variables-heading">
      <h2 id="user-variables-heading">Variables</h2>
      <div className="toolbar">
        {mayWrite ? (
          <button type="button" className="button" onClick={() => setAdding(true)} disabled={full}>
            Add variable
          </button>
        ) : null}
        {total !== undefined ? (
          <span className="muted">
            {total} of {perUser}
            {full ? ': delete one to add another' : null}
          </span>
        ) : null}
      </div>
      <QueryTable
        label="User variables"
        noun={['variable', 'variables']}
        columns={columns}
        query={variablesQuery}
        pageSize={perUser}
        getRowId={(variable) => variable.key}
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
      <DeleteVariableDialog
        variable={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(key) => deleteMutation.mutateAsync(key)}
        reader="The user's software"
      />
    </section>
  );
}
