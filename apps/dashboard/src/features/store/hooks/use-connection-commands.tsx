import type { CreatedStoreConnection, StoreConnection } from '@latchkey/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import type { OfferedActions } from '@/components/ui/row-actions';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteStoreConnection, useRotateStoreSecret, useUpdateStoreConnection } from '../api/store-connections';
import { ConnectionCreatedDialog } from '../components/connection-created-dialog';
import { ConnectionFormDialog } from '../components/connection-form-dialog';

/**
 * A connection's actions, shared by the list's row menu and the connection's
 * page: edit, turn on or off, rotate a generic connection's secret, delete.
 * `offer` lists them for one connection; `dialogs` renders what they open.
 */
export function useConnectionCommands(
  appId: string,
  { onDeleted }: { onDeleted?: () => Promise<unknown> | void } = {},
) {
  const { mutateAsync: update } = useUpdateStoreConnection(appId);
  const rotateMutation = useRotateStoreSecret(appId);
  const deleteMutation = useDeleteStoreConnection(appId);
  const [editing, setEditing] = useState<StoreConnection | null>(null);
  const [rotating, setRotating] = useState<StoreConnection | null>(null);
  const [deleting, setDeleting] = useState<StoreConnection | null>(null);
  const [rotated, setRotated] = useState<CreatedStoreConnection | null>(null);

  const setEnabled = useCallback(
    (connection: StoreConnection, enabled: boolean) =>
      void update({ connectionId: connection.id, enabled })
        .then(() => toast.success(enabled ? `${connection.name} enabled` : `${connection.name} disabled`))
        .catch((error: unknown) => toast.error(error)),
    [update],
  );

  const offer = useCallback(
    (connection: StoreConnection): OfferedActions => [
      { label: 'Edit', onSelect: () => setEditing(connection) },
      connection.enabled
        ? { label: 'Disable', onSelect: () => setEnabled(connection, false) }
        : { label: 'Enable', onSelect: () => setEnabled(connection, true) },
      connection.provider === 'generic' && { label: 'Rotate secret', onSelect: () => setRotating(connection) },
      { label: 'Delete', destructive: true, onSelect: () => setDeleting(connection) },
    ],
    [setEnabled],
  );

  const dialogs: ReactNode = (
    <>
      {editing ? (
        <ConnectionFormDialog
          appId={appId}
          connection={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <RowConfirmDialog
        row={rotating}
        onClose={() => setRotating(null)}
        title={`Rotate the secret of ${rotating?.name ?? 'the connection'}?`}
        description="The current secret stops working at once: events your checkout signs with it are refused until it uses the new one."
        confirmLabel="Rotate secret"
        onConfirm={async (connection) => {
          setRotated(await rotateMutation.mutateAsync(connection.id));
        }}
      />
      <ConnectionCreatedDialog connection={rotated} rotated onClose={() => setRotated(null)} />
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'the connection'}?`}
        description="Its product mappings go with it, and the store’s events to its URL are refused. A connection that has orders cannot be deleted: disable it instead."
        confirmLabel="Delete connection"
        onConfirm={async (connection) => {
          try {
            await deleteMutation.mutateAsync(connection.id);
          } catch (error) {
            if (error instanceof ApiError && error.code === 'STORE_CONNECTION_HAS_ORDERS') {
              throw new Error(
                'This connection has orders, so it stays for their refunds, renewals and history. Disable it instead: the store’s events to it are then refused.',
                { cause: error },
              );
            }
            throw error;
          }
          await onDeleted?.();
          return `${connection.name} deleted`;
        }}
      />
    </>
  );

  return { offer, dialogs, setEnabled };
}
