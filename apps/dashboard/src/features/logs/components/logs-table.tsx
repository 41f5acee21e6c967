import { PAGE_DEFAULT_LIMIT, type AuditEntry } from '@latchkey/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmailText } from '@/components/ui/email-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Badge } from '@/components/ui/status-badge';
import { useLogs } from '../api/get-logs';
import { LogSentence, logLabel } from '../log-sentences';
import '../logs.css';

const column = createColumnHelper<AuditEntry>();

/** The entry as a sentence; a client call's outcome first, as it matters most. */
function What({ appId, entry }: { appId: string; entry: AuditEntry }) {
  const { outcome } = entry.details;
  return (
    <div className="log-details">
      {outcome === 'success' || outcome === 'failure' ? (
        <Badge tone={outcome === 'success' ? 'success' : 'danger'}>
          {outcome === 'success' ? 'Success' : 'Failure'}
        </Badge>
      ) : null}
      <span className="log-sentence">
        <LogSentence appId={appId} entry={entry} />
      </span>
    </div>
  );
}

/** The columns; an admin change's actor (a member, by its email) filters the log to that member when clicked. */
function logColumns(appId: string, onActorFilter: (actorId: string) => void) {
  return [
    column.accessor('createdAt', { header: 'Time', cell: (info) => <DateTime value={info.getValue()} /> }),
    column.accessor('type', {
      header: 'Type',
      cell: (info) => (
        <span className="log-type" title={info.getValue()}>
          {logLabel(info.getValue())}
        </span>
      ),
    }),
    column.accessor('actor', {
      header: 'Actor',
      cell: (info) => {
        const { actorId } = info.row.original;
        return actorId ? (
          <button
            type="button"
            className="log-actor"
            title={`${info.getValue()}: show only this member's changes`}
            onClick={() => onActorFilter(actorId)}
          >
            <EmailText email={info.getValue()} />
          </button>
        ) : (
          <span className="log-actor-text" title={info.getValue()}>
            <EmailText email={info.getValue()} />
          </span>
        );
      },
    }),
    column.accessor('ip', {
      header: 'IP',
      cell: (info) => (info.getValue() ? <code>{info.getValue()}</code> : <span className="muted">—</span>),
      meta: { className: 'hide-sm' },
    }),
    column.display({
      id: 'what',
      header: 'What happened',
      cell: (info) => <What appId={appId} entry={info.row.original} />,
      meta: { className: 'col-text log-what' },
    }),
  ];
}

/** The app's audit log, newest first, optionally of one type or prefix of types, of one member, naming one key or user. */
export function LogsTable({
  appId,
  type,
  actorId,
  search,
  page,
  onPageChange,
  onActorFilter,
}: {
  appId: string;
  type: string | undefined;
  actorId: string | undefined;
  search: string | undefined;
  page: number;
  onPageChange: (page: number) => void;
  onActorFilter: (actorId: string) => void;
}) {
  const logsQuery = useLogs(appId, { type, actorId, search, page });
  const columns = useMemo(() => logColumns(appId, onActorFilter), [appId, onActorFilter]);
  return (
    <DataTable
      label="Audit log"
      cards
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
        <EmptyState
          title={
            search
              ? `Nothing names ${search}`
              : type
                ? `No entries of type “${logLabel(type)}”`
                : actorId
                  ? 'No changes by this member'
                  : 'No entries yet'
          }
        >
          {search
            ? 'No key or user of that name, or nothing happened to it within the filters.'
            : 'Every change in this dashboard and every sign-in from your software is recorded here.'}
        </EmptyState>
      }
    />
  );
}
