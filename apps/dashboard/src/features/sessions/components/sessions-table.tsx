import type { AdminSession } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryTable, type Paging } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { dateTimeCell, hwidCell, rowActionsColumn, usernameColumn } from '@/components/ui/table-columns';
import { useAppRole } from '@/lib/app-role';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

const column = createColumnHelper<AdminSession>();

/** The app's live sessions (or one user's, with `userId`), one page at a time; each can be ended. */
export function SessionsTable({ appId, userId, paging }: { appId: string; userId?: string; paging: Paging }) {
  const sessionsQuery = useSessions(appId, { userId, page: paging.page });
  const endMutation = useEndSession(appId);
  const [ending, setEnding] = useState<AdminSession | null>(null);
  const mayEnd = useAppRole().can('sessions.end');

  const columns = useMemo(
    () => [
      usernameColumn<AdminSession>(appId, 'User'),
      column.accessor('ip', {
        header: 'IP',
        cell: (info) => (info.getValue() ? <code>{info.getValue()}</code> : <span className="muted">—</span>),
      }),
      column.accessor('hwid', {
        header: 'HWID',
        cell: hwidCell,
        meta: { className: 'hide-sm' },
      }),
      column.accessor('createdAt', { header: 'Started', cell: dateTimeCell, meta: { className: 'hide-sm' } }),
      column.accessor('lastSeenAt', { header: 'Last seen', cell: dateTimeCell }),
      column.accessor('expiresAt', { header: 'Ends at', cell: dateTimeCell }),
      rowActionsColumn<AdminSession>(
        (session) => `session of ${session.username}`,
        (session) => [mayEnd && { label: 'End session', destructive: true, onSelect: () => setEnding(session) }],
      ),
    ],
    [appId, mayEnd],
  );

  return (
    <>
      <QueryTable
        label="Live sessions"
        noun={['live session', 'live sessions']}
        columns={columns}
        query={sessionsQuery}
        paging={paging}
        getRowId={(session) => session.id}
        empty={
          <EmptyState title="No live sessions">
            A session starts when your software registers, logs in or authenticates with a key.
          </EmptyState>
        }
      />
      <RowConfirmDialog
        row={ending}
        onClose={() => setEnding(null)}
        title={`End the session of ${ending?.username ?? 'this user'}?`}
        description="The software using it gets “Invalid or expired session” at its next call and has to log in again."
        confirmLabel="End session"
        onConfirm={async (session) => {
          await endMutation.mutateAsync(session.id);
          return `Session of ${session.username} ended`;
        }}
      />
    </>
  );
}
