// Columns that many tables of the dashboard share, for TanStack Table's
// column lists: a row's actions, a timestamp cell and a link to a user.
import { Link } from '@tanstack/react-router';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DateTime } from './date-time';
import { RowActions, type RowAction } from './row-actions';

/** The last column: what `cell` renders for each row, under a header only screen readers read. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: () => <span className="visually-hidden">Actions</span>,
    cell: (info) => cell(info.row.original),
    meta: { className: 'col-actions' },
  };
}

/** The last column as a "⋯" menu per row: `label` names the row for screen readers, `actions` fill the menu. */
export function rowActionsColumn<T>(
  label: (row: T) => string,
  actions: (row: T) => readonly (RowAction | false | null | undefined)[],
): ColumnDef<T, unknown> {
  return actionsColumn<T>((row) => <RowActions label={label(row)} actions={actions(row)} />);
}

/** A cell showing its timestamp (in the viewer's zone, UTC on hover). */
export function dateTimeCell<T>(info: CellContext<T, string | null>) {
  return <DateTime value={info.getValue()} />;
}

/** A hardware ID on one line, cut with an ellipsis (the whole one on hover and in the user's page), or a muted "None". */
export function hwidCell<T>(info: CellContext<T, string | null>) {
  const hwid = info.getValue();
  return hwid ? (
    <code className="hwid-cell" title={hwid}>
      {hwid}
    </code>
  ) : (
    <span className="muted">None</span>
  );
}

/** A username that opens the user's page of app `appId` (the users and the sessions lists). */
export function usernameColumn<T extends { username: string; userId: string }>(
  appId: string,
  header: string,
): ColumnDef<T, unknown> {
  return {
    id: 'username',
    header,
    cell: (info) => (
      <Link to="/apps/$appId/users/$userId" params={{ appId, userId: info.row.original.userId }} className="row-link">
        {info.row.original.username}
      </Link>
    ),
    meta: { className: 'col-break' },
  };
}
