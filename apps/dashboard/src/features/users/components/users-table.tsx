import { usernameKey, type AdminUser } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { actionsColumn, hwidCell, usernameColumn } from '@/components/ui/table-columns';
import { Badge } from '@/components/ui/status-badge';
import { useUsers } from '../api/get-users';
import { UserActions } from './user-actions';

const column = createColumnHelper<AdminUser>();

/** The app's users, searched and paged as the URL says; each opens its own page. */
export function UsersTable({ appId, search, paging }: { appId: string; search: string | undefined; paging: Paging }) {
  const usersQuery = useUsers(appId, { search, page: paging.page });

  const columns = useMemo(
    () => [
      usernameColumn<AdminUser>(appId, 'Username'),
      column.accessor('banned', {
        header: 'Status',
        cell: (info) => (info.getValue() ? <Badge tone="danger">Banned</Badge> : <Badge tone="success">Active</Badge>),
      }),
      column.accessor('level', { header: 'Level', meta: { className: 'col-num hide-sm' } }),
      column.accessor('expiresAt', {
        header: 'Expires',
        // The date is enough in the list (the time on hover and on the user's page), so the row fits 1280 px.
        cell: (info) => (info.getValue() ? <DateTime value={info.getValue()!} dateOnly /> : 'Never'),
      }),
      column.accessor('hwid', {
        header: 'HWID',
        cell: hwidCell,
        meta: { className: 'hide-sm' },
      }),
      column.accessor('lastLoginAt', {
        header: 'Last login',
        cell: (info) => {
          const user = info.row.original;
          if (!user.lastLoginAt) return <span className="muted">Never</span>;
          return (
            <>
              <DateTime value={user.lastLoginAt} />
              {user.lastIp ? <span className="muted small"> from {user.lastIp}</span> : null}
            </>
          );
        },
        meta: { className: 'hide-sm' },
      }),
      column.accessor('createdAt', {
        header: 'Created',
        cell: (info) => <DateTime value={info.getValue()} dateOnly />,
        meta: { className: 'hide-sm' },
      }),
      actionsColumn<AdminUser>((user) => <UserActions appId={appId} user={user} />),
    ],
    [appId],
  );

  return (
    <QueryTable
      label="Users"
      noun={['user', 'users']}
      columns={columns}
      query={usersQuery}
      paging={paging}
      getRowId={(user) => user.userId}
      empty={
        search && usernameKey(search) === null ? (
          // What the API answers too: it compares usernames by their canonical form (usernameKey).
          <EmptyState title="No users match">
            Usernames hold only A-Z, a-z, 0-9, _ . - (in any case), so no username contains “{search}”.
          </EmptyState>
        ) : search ? (
          <EmptyState title="No users match">Try part of another username.</EmptyState>
        ) : (
          <EmptyState title="No users yet">
            Users appear when your software registers them with a key, or when you create one here.
          </EmptyState>
        )
      }
    />
  );
}
