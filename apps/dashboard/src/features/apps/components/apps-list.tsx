import { PAGE_DEFAULT_LIMIT, type AppWithRole } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { rowActionsColumn } from '@/components/ui/table-columns';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { RoleBadge } from '@/components/domain/role-badge';
import { useApps } from '../api/get-apps';

const column = createColumnHelper<AppWithRole>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own type for columns of mixed values
const columns: ColumnDef<AppWithRole, any>[] = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <Link to="/apps/$appId" params={{ appId: info.row.original.appId }} className="row-link">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('appId', {
    header: 'App ID',
    cell: (info) => <code>{info.getValue()}</code>,
    meta: { className: 'hide-sm' },
  }),
  column.accessor('role', {
    header: 'Your role',
    cell: (info) => {
      const role = info.getValue();
      return role ? <RoleBadge role={role} /> : null;
    },
  }),
  column.accessor('version', { header: 'Version' }),
  column.accessor('enabled', {
    header: 'Status',
    cell: (info) => (
      <Badge tone={info.getValue() ? 'success' : 'neutral'}>{info.getValue() ? 'Enabled' : 'Disabled'}</Badge>
    ),
  }),
  column.accessor('createdAt', {
    header: 'Created',
    cell: (info) => <DateTime value={info.getValue()} />,
    meta: { className: 'hide-sm' },
  }),
];

/** The caller's apps, each with its role; with `onLeave`, a member (not the owner) is offered to leave one. */
export function AppsList({ onLeave }: { onLeave?: (app: AppWithRole) => void }) {
  const [page, setPage] = useState(1);
  const appsQuery = useApps({ page });
  const withActions = useMemo(
    () =>
      onLeave
        ? [
            ...columns,
            rowActionsColumn<AppWithRole>(
              (app) => app.name,
              // The owner cannot leave its own app (it deletes it in Settings); a reseller has no role to leave.
              (app) => [
                app.role && app.role !== 'owner' && { label: 'Leave', destructive: true, onSelect: () => onLeave(app) },
              ],
            ),
          ]
        : columns,
    [onLeave],
  );

  return (
    <DataTable
      label="Applications"
      noun={['application', 'applications']}
      columns={withActions}
      rows={appsQuery.data?.data}
      meta={appsQuery.data?.meta}
      page={page}
      pageSize={PAGE_DEFAULT_LIMIT}
      onPageChange={setPage}
      getRowId={(app) => app.appId}
      error={appsQuery.error}
      fetching={appsQuery.isPlaceholderData}
      empty={<EmptyState title="No applications yet">Create your first one above.</EmptyState>}
    />
  );
}
