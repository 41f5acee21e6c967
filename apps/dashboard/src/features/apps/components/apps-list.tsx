import { PAGE_DEFAULT_LIMIT, type AppWithRole } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { RoleBadge } from '@/components/ui/role-badge';
import { useApps } from '../api/get-apps';

const column = createColumnHelper<AppWithRole>();
const columns = [
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

export function AppsList() {
  const [page, setPage] = useState(1);
  const appsQuery = useApps({ page });

  return (
    <DataTable
      label="Applications"
      noun={['application', 'applications']}
      columns={columns}
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
