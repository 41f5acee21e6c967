import { PAGE_DEFAULT_LIMIT, type AdminSession } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { RowActions } from '@/components/ui/row-actions';
import { toast } from '@/lib/toast';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

const column = createColumnHelper<AdminSession>();

/** The app's live sessions (or one user's, with `userId`), one page at a time; each can be ended. */
export function SessionsTable({
  appId,
  userId,
  page,
  onPageChange,
}: {
  appId: string;
  userId?: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const sessionsQuery = useSessions(appId, { userId, page });
  const endMutation = useEndSession(appId);
  const [ending, setEnding] = useState<AdminSession | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('username', {
        header: 'User',
        cell: (info) => (
          <Link
            to="/apps/$appId/users/$userId"
            params={{ appId, userId: info.row.original.userId }}
            className="row-link"
          >
            {info.getValue()}
          </Link>
        ),
        meta: { className: 'col-break' },
      }),
      column.accessor('ip', {
        header: 'IP',
        cell: (info) => (info.getValue() ? <code>{info.getValue()}</code> : <span className="muted">—</span>),
      }),
      column.accessor('hwid', {
        header: 'HWID',
        cell: (info) =>
          info.getValue() ? <code className="break">{info.getValue()}</code> : <span className="muted">None</span>,
        meta: { className: 'col-break hide-sm' },
      }),
      column.accessor('createdAt', {
        header: 'Started',
        cell: (info) => <DateTime value={info.getValue()} />,
        meta: { className: 'hide-sm' },
      }),
      column.accessor('lastSeenAt', { header: 'Last seen', cell: (info) => <DateTime value={info.getValue()} /> }),
      column.accessor('expiresAt', { header: 'Ends at', cell: (info) => <DateTime value={info.getValue()} /> }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: (info) => (
          <RowActions
            label={`session of ${info.row.original.username}`}
            actions={[{ label: 'End session', destructive: true, onSelect: () => setEnding(info.row.original) }]}
          />
        ),
        meta: { className: 'col-actions' },
      }),
    ],
    [appId],
  );

  return (
    <>
      <DataTable
        label="Live sessions"
        noun={['live session', 'live sessions']}
        columns={columns}
        rows={sessionsQuery.data?.data}
        meta={sessionsQuery.data?.meta}
        page={page}
        pageSize={PAGE_DEFAULT_LIMIT}
        onPageChange={onPageChange}
        getRowId={(session) => session.id}
        error={sessionsQuery.error}
        fetching={sessionsQuery.isPlaceholderData}
        empty={
          <EmptyState title="No live sessions">
            A session starts when your software registers, logs in or authenticates with a key.
          </EmptyState>
        }
      />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title={`End the session of ${ending?.username ?? 'this user'}?`}
        description="The software using it gets “Invalid or expired session” at its next call and has to log in again."
        confirmLabel="End session"
        onConfirm={async () => {
          if (!ending) return;
          await endMutation.mutateAsync(ending.id);
          toast.success(`Session of ${ending.username} ended`);
        }}
      />
    </>
  );
}
