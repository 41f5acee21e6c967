import type { StoreConnection, StoreEventOutcome, StoreEventRecord } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable, QueryTable, type Paging } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { useStoreEvents } from '../api/store-events';
import { EVENT_KIND_LABELS, EVENT_OUTCOME_BADGES, PROVIDER_LABELS } from '../utils/store-words';

const column = createColumnHelper<StoreEventRecord>();

/** The columns of received events; `withOrder` links each to its order (the list; not on the order's own page). */
function eventColumns(
  appId: string,
  names: ReadonlyMap<string, string>,
  withOrder: boolean,
  // Columns mix value types; TanStack Table's own examples type them this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): ColumnDef<StoreEventRecord, any>[] {
  return [
    column.accessor('receivedAt', { header: 'Received', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('outcome', {
      header: 'Outcome',
      cell: (info) => {
        const badge = EVENT_OUTCOME_BADGES[info.row.original.outcome];
        return <Badge tone={badge.tone}>{badge.label}</Badge>;
      },
    }),
    column.accessor('reason', {
      header: 'Reason',
      cell: (info) =>
        info.getValue() ? (
          <span
            className={info.row.original.outcome === 'refused' ? 'store-reason store-reason-refused' : 'store-reason'}
          >
            {info.getValue()}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
      meta: { className: 'col-text' },
    }),
    column.accessor('kind', {
      header: 'Event',
      cell: (info) => (
        <span className="store-stack">
          {info.row.original.kind ? EVENT_KIND_LABELS[info.row.original.kind] : <span className="muted">Unread</span>}
          {info.row.original.externalEventId ? (
            <code className="store-sub">{info.row.original.externalEventId}</code>
          ) : null}
        </span>
      ),
      meta: { className: 'col-break' },
    }),
    column.accessor('connectionId', {
      header: 'Store',
      cell: (info) => (
        <span className="break">{names.get(info.getValue()) ?? PROVIDER_LABELS[info.row.original.provider]}</span>
      ),
      meta: { className: 'col-text' },
    }),
    ...(withOrder
      ? [
          column.accessor('orderId', {
            header: 'Order',
            cell: (info) =>
              info.getValue() ? (
                <Link to="/apps/$appId/store/orders/$orderId" params={{ appId, orderId: info.getValue()! }}>
                  Open
                </Link>
              ) : (
                <span className="muted">—</span>
              ),
          }),
        ]
      : []),
  ];
}

function useConnectionNames(connections: readonly StoreConnection[] | undefined) {
  return useMemo(
    () => new Map((connections ?? []).map((connection) => [connection.id, connection.name])),
    [connections],
  );
}

/** Every event the stores sent, newest first: refused ones with their reason, so nothing is dropped unseen. */
export function EventsTable({
  appId,
  outcome,
  connectionId,
  connections,
  paging,
}: {
  appId: string;
  outcome: StoreEventOutcome | undefined;
  connectionId: string | undefined;
  connections: readonly StoreConnection[] | undefined;
  paging: Paging;
}) {
  const eventsQuery = useStoreEvents(appId, { outcome, connectionId, page: paging.page });
  const names = useConnectionNames(connections);
  const columns = useMemo(() => eventColumns(appId, names, true), [appId, names]);
  const filtered = outcome !== undefined || connectionId !== undefined;
  return (
    <QueryTable
      label="Received events"
      cards
      noun={['event', 'events']}
      columns={columns}
      query={eventsQuery}
      paging={paging}
      getRowId={(event) => event.id}
      empty={
        filtered ? (
          <EmptyState title="No events match">Try another outcome or store.</EmptyState>
        ) : (
          <EmptyState title="No events received yet">
            Each call of a store to a connection’s webhook URL is listed here, whatever became of it.
          </EmptyState>
        )
      }
    />
  );
}

/** The events that named one order (its detail page). */
export function OrderEventsTable({
  appId,
  events,
  connections,
}: {
  appId: string;
  events: StoreEventRecord[];
  connections: readonly StoreConnection[] | undefined;
}) {
  const names = useConnectionNames(connections);
  const columns = useMemo(() => eventColumns(appId, names, false), [appId, names]);
  return (
    <DataTable
      label="Events of this order"
      cards
      noun={['event', 'events']}
      columns={columns}
      rows={events}
      meta={{ page: 1, limit: events.length, total: events.length }}
      page={1}
      pageSize={Math.max(1, events.length)}
      onPageChange={() => undefined}
      getRowId={(event) => event.id}
      empty={<EmptyState title="No events" />}
    />
  );
}
