import type { AdminUser } from '@latchkey/contracts';
import { useState } from 'react';
import { ConfirmDialog, type ConfirmSpec } from '@/components/ui/confirm-dialog';
import { ActionButtons } from '@/components/ui/action-buttons';
import { RowActions } from '@/components/ui/row-actions';
import { useAppRole } from '@/lib/app-role';
import { toast } from '@/lib/toast';
import { useResetUserHwid } from '../api/reset-user-hwid';
import { useUnbanUser } from '../api/unban-user';
import { useDeleteUser } from '../api/delete-user';
import { useEndUserSessions } from '../api/end-user-sessions';
import { SetExpiryDialog } from './set-expiry-dialog';
import { BanUserDialog, ExtendUserDialog } from './user-dialogs';

type Pending = 'ban' | 'extend' | 'set-expiry' | 'reset-hwid' | 'end-sessions' | 'delete' | null;

/**
 * The actions on one user that the caller's role allows, with their dialogs:
 * a row's menu in the list, buttons on the user's own page.
 */
export function UserActions({
  appId,
  user,
  onDeleted,
  layout = 'menu',
}: {
  appId: string;
  user: AdminUser;
  onDeleted?: () => Promise<void>;
  layout?: 'menu' | 'buttons';
}) {
  const [pending, setPending] = useState<Pending>(null);
  const { can } = useAppRole();
  const act = can('users.act');
  const unbanMutation = useUnbanUser(appId);
  const resetHwidMutation = useResetUserHwid(appId);
  const deleteMutation = useDeleteUser(appId);
  const endMutation = useEndUserSessions(appId);
  const close = () => setPending(null);
  // The actions that only ask for confirmation; one dialog shows the pending one.
  const confirms: Record<'reset-hwid' | 'end-sessions' | 'delete', ConfirmSpec> = {
    'reset-hwid': {
      title: `Reset the HWID of ${user.username}?`,
      description: 'Their next login from any machine binds that machine instead.',
      confirmLabel: 'Reset HWID',
      onConfirm: async () => {
        await resetHwidMutation.mutateAsync(user.userId);
        toast.success(`HWID of ${user.username} reset`);
      },
    },
    'end-sessions': {
      title: `End every session of ${user.username}?`,
      description: 'Each copy signed in as this user has to log in again.',
      confirmLabel: 'End all sessions',
      onConfirm: async () => {
        const { ended } = await endMutation.mutateAsync(user.userId);
        toast.success(`${ended} ${ended === 1 ? 'session' : 'sessions'} of ${user.username} ended`);
      },
    },
    delete: {
      title: `Delete ${user.username}?`,
      description: 'Their sessions end and the account is removed; their key stays, unlinked. This cannot be undone.',
      confirmLabel: 'Delete user',
      onConfirm: async () => {
        await deleteMutation.mutateAsync(user.userId);
        await onDeleted?.();
        toast.success(`${user.username} deleted`);
      },
    },
  };
  const confirm =
    pending === 'reset-hwid' || pending === 'end-sessions' || pending === 'delete' ? confirms[pending] : null;

  const Actions = layout === 'menu' ? RowActions : ActionButtons;
  return (
    <>
      <Actions
        label={user.username}
        actions={[
          act &&
            (user.banned
              ? {
                  label: 'Unban',
                  onSelect: () =>
                    void unbanMutation
                      .mutateAsync(user.userId)
                      .then(() => toast.success(`${user.username} unbanned`))
                      .catch((error: unknown) => toast.error(error)),
                }
              : { label: 'Ban', destructive: true, onSelect: () => setPending('ban') }),
          act && { label: 'Extend', onSelect: () => setPending('extend') },
          act && { label: 'Set expiry', onSelect: () => setPending('set-expiry') },
          act && { label: 'Reset HWID', disabled: user.hwid === null, onSelect: () => setPending('reset-hwid') },
          act && { label: 'End all sessions', onSelect: () => setPending('end-sessions') },
          can('users.write') && { label: 'Delete', destructive: true, onSelect: () => setPending('delete') },
        ]}
      />
      {pending === 'ban' ? <BanUserDialog appId={appId} user={user} onClose={close} /> : null}
      {pending === 'extend' ? <ExtendUserDialog appId={appId} user={user} onClose={close} /> : null}
      {pending === 'set-expiry' ? <SetExpiryDialog appId={appId} user={user} onClose={close} /> : null}
      {confirm ? <ConfirmDialog open onOpenChange={(open) => !open && close()} {...confirm} /> : null}
    </>
  );
}
