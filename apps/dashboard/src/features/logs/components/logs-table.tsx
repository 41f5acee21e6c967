import { PAGE_DEFAULT_LIMIT, sellerAuditLabel, type AuditEntry } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { useLogs } from '../api/get-logs';
import '../logs.css';

const column = createColumnHelper<AuditEntry>();

function detailText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** An entry's details as "name value" pairs; `outcome` and `reason` come first as they matter most. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { outcome, reason, ...rest } = details;
  const entries = Object.entries(rest);
  return (
    <div className="log-details">
      {outcome === 'success' || outcome === 'failure' ? (
        <Badge tone={outcome === 'success' ? 'success' : 'danger'}>
          {outcome === 'success' ? 'Success' : 'Failure'}
        </Badge>
      ) : null}
      {reason !== undefined ? <span className="log-reason">{detailText(reason)}</span> : null}
      {entries.length > 0 ? (
        <dl className="log-detail-list">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{detailText(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** An entry's type; a seller API call's also in words ("Seller API: reset a user's HWID"). */
function EntryType({ type }: { type: string }) {
  const label = sellerAuditLabel(type);
  return label ? (
    <span className="log-type">
      <span>{label}</span>
      <code>{type}</code>
    </span>
  ) : (
    <code>{type}</code>
  );
}

/** The columns; an admin change's actor (a member, by its email) filters the log to that member when clicked. */
function logColumns(onActorFilter: (actorId: string) => void) {
  return [
    column.accessor('createdAt', { header: 'Time', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('type', { header: 'Type', cell: (info) => <EntryType type={info.getValue()} /> }),
    column.accessor('actor', {
      header: 'Actor',
      cell: (info) => {
        const { actorId } = info.row.original;
        return actorId ? (
          <button
            type="button"
            className="log-actor break"
            title="Show only this member's changes"
            onClick={() => onActorFilter(actorId)}
          >
            {info.getValue()}
          </button>
        ) : (
          <span className="break">{info.getValue()}</span>
        );
      },
    }),
    column.accessor('ip', {
      header: 'IP',
      cell: (info) => (info.getValue() ? <code>{info.getValue()}</code> : <span className="muted">—</span>),
      meta: { className: 'hide-sm' },
    }),
    column.accessor('details', {
      header: 'Details',
      cell: (info) => <Details details={info.getValue()} />,
      meta: { className: 'col-text' },
    }),
  ];
}

/** The app's audit log, newest first, optionally of one type or prefix of types, and of one member. */
export function LogsTable({
  appId,
  type,
  actorId,
  page,
  onPageChange,
  onActorFilter,
}: {
  appId: string;
  type: string | undefined;
  actorId: string | undefined;
  page: number;
  onPageChange: (page: number) => void;
  onActorFilter: (actorId: string) => void;
}) {
  const logsQuery = useLogs(appId, { type, actorId, page });
  const columns = useMemo(() => logColumns(onActorFilter), [onActorFilter]);
  return (
    <DataTable
      label="Audit log"
      noun={['entry', 'entries']}
      columns={columns}
      rows={logsQuery.data?.data}
      meta={logsQuery.data?.meta}
      page={page}
      pageSize={PAGE_DEFAULT_LIMIT}
      onPageChange={onPageChange}
      getRowId={(entry) => entry.id}
      error={logsQuery.error}
      fetching={logsQuery.isPlaceholderData}
      empty={
        <EmptyState title={type ? `No ${type} entries` : actorId ? 'No changes by this member' : 'No entries yet'}>
          Every change in this dashboard and every sign-in from your software is recorded here.
        </EmptyState>
      }
    />
  );
}
