import type { StoreConnection } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { rowActionsColumn } from '@/components/ui/table-columns';
import { useStoreConnections } from '../api/store-connections';
import { useConnectionCommands } from '../hooks/use-connection-commands';
import { PROVIDER_LABELS } from '../utils/store-words';
import { ConnectionStatus, WebhookUrl } from './connection-parts';

const column = createColumnHelper<StoreConnection>();

/** The app's store connections (a handful: one page), each linking to its product mappings. */
export function ConnectionsTable({ appId }: { appId: string }) {
  const connectionsQuery = useStoreConnections(appId);
  const { offer, dialogs } = useConnectionCommands(appId);
  const connections = connectionsQuery.data;

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Connection',
        cell: (info) => (
          <span className="store-stack">
            <Link
              to="/apps/$appId/store/connections/$connectionId"
              params={{ appId, connectionId: info.row.original.id }}
              className="row-link break"
            >
              {info.getValue()}
            </Link>
            <span className="store-sub">{PROVIDER_LABELS[info.row.original.provider]}</span>
          </span>
        ),
        meta: { className: 'col-text' },
      }),
      column.accessor('webhookUrl', {
        header: 'Webhook URL',
        cell: (info) => <WebhookUrl url={info.getValue()} />,
        meta: { className: 'col-break' },
      }),
      column.accessor('enabled', {
        header: 'Status',
        cell: (info) => <ConnectionStatus connection={info.row.original} />,
      }),
      column.accessor('productCount', {
        header: 'Products',
        cell: (info) => (
          <Link
            to="/apps/$appId/store/connections/$connectionId"
            params={{ appId, connectionId: info.row.original.id }}
            aria-label={`Products of ${info.row.original.name}`}
          >
            {info.getValue()}
          </Link>
        ),
        meta: { className: 'col-num' },
      }),
      column.accessor('lastEventAt', {
        header: 'Last event',
        cell: (info) => <DateTime value={info.getValue()} empty="None yet" />,
      }),
      rowActionsColumn<StoreConnection>((connection) => connection.name, offer),
    ],
    [appId, offer],
  );

  return (
    <>
      <DataTable
        label="Store connections"
        cards
        noun={['connection', 'connections']}
        columns={columns}
        rows={connections}
        meta={connections ? { page: 1, limit: connections.length, total: connections.length } : undefined}
        page={1}
        pageSize={Math.max(1, connections?.length ?? 1)}
        onPageChange={() => undefined}
        getRowId={(connection) => connection.id}
        error={connectionsQuery.error}
        empty={
          <EmptyState title="No store connected yet">
            Connect Stripe, Paddle, Lemon Squeezy, Sellix, SellApp, or any checkout through a signed webhook: each paid
            order then becomes keys, delivered to the buyer.
          </EmptyState>
        }
      />
      {dialogs}
    </>
  );
}
