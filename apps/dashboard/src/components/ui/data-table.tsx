// One table for every server-paged list, on TanStack Table: the page of rows
// the API returned, the total from `meta` (in rounded words when the API
// estimated it), a pager that stops where the API does (PageLimits.rowsMax),
// skeleton rows while the first page loads, and an empty state. Paging state
// lives in the URL (the page passes `page` and `onPageChange`), so a reload keeps it.
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { PAGE_DEFAULT_LIMIT, PageLimits, type AdminList, type PageMeta } from '@latchkey/contracts';
import type { ReactNode } from 'react';
import { formatApproximateNumber, formatNumber } from '@/lib/format';
import { ErrorAlert } from './error-alert';
import { Skeleton } from './skeleton';
import './table.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Extra class of the column's cells, e.g. `col-actions`, `col-text`, `col-secondary`, `hide-sm` (table.css). */
    className?: string;
  }
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. "Licenses". */
  label: string;
  // Columns mix value types; TanStack Table's own examples type them this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** The current page's rows; undefined while the first load runs. */
  rows: T[] | undefined;
  /** The list's `meta`: its total, and whether that total is an estimate. */
  meta: PageMeta | undefined;
  /** 1-based page number and rows per page, as sent to the API. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  getRowId: (row: T) => string;
  error?: Error | null;
  /** Shown instead of rows when the list is empty, e.g. an explanation and a call to action. */
  empty: ReactNode;
  /** True while a new page or filter loads over the previous rows. */
  fetching?: boolean;
  /** Noun for the total, e.g. ["license", "licenses"]. */
  noun: readonly [singular: string, plural: string];
  /**
   * In a narrow box (a phone), each row becomes a card of labelled lines with
   * every column, rather than a row cut to its first columns (table.css).
   */
  cards?: boolean;
}

const SKELETON_ROWS = 5;

/** A column's header as a card line's label: its text, or nothing for a rendered header (the actions). */
function columnLabel(header: unknown): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

export function DataTable<T>({
  label,
  columns,
  rows,
  meta,
  page,
  pageSize,
  onPageChange,
  getRowId,
  error,
  empty,
  fetching = false,
  noun,
  cards = false,
}: DataTableProps<T>) {
  const total = meta?.total;
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    // Past PageLimits.rowsMax the API refuses pages: the pager stops there.
    rowCount: Math.min(total ?? 0, PageLimits.rowsMax),
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      onPageChange(next.pageIndex + 1);
    },
  });

  const loading = rows === undefined && !error;
  const columnCount = table.getVisibleLeafColumns().length;
  const pageCount = Math.max(1, table.getPageCount());

  return (
    <div className="data-table">
      {error ? <ErrorAlert error={error} title={`Could not load ${noun[1]}`} /> : null}
      <div className="table-wrap" aria-busy={loading || fetching}>
        <table
          className={['table', fetching && 'table-fetching', cards && 'table-cards'].filter(Boolean).join(' ')}
          aria-label={label}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={header.column.columnDef.meta?.className}>
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index} className="skeleton-row">
                    {table.getVisibleLeafColumns().map((column) => (
                      <td key={column.id} className={column.columnDef.meta?.className}>
                        <Skeleton width={index % 2 === 0 ? '80%' : '60%'} />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cell.column.columnDef.meta?.className}
                        data-label={cards ? columnLabel(cell.column.columnDef.header) : undefined}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
            {!loading && !error && rows?.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="table-empty">
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="pager">
        <p className="muted" aria-live="polite">
          {total === undefined ? (
            <Skeleton width="8rem" />
          ) : total === 0 ? (
            `No ${noun[1]}`
          ) : (
            <>
              {formatNumber((page - 1) * pageSize + 1)}–{formatNumber(Math.min(page * pageSize, total))} of{' '}
              <span data-testid="table-total">
                {meta?.totalIsEstimate ? formatApproximateNumber(total) : formatNumber(total)}
              </span>{' '}
              {total === 1 ? noun[0] : noun[1]}
            </>
          )}
        </p>
        <div className="pager-buttons">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous
          </button>
          <span className="muted pager-page">
            Page {formatNumber(page)} of {formatNumber(pageCount)}
          </span>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            Next
          </button>
        </div>
      </div>
    </div>
  );
}

/** The page a list query of the admin API answered, and how far its loading is. */
export interface PagedQuery<T> {
  data: AdminList<T> | undefined;
  error: Error | null;
  isPlaceholderData: boolean;
}

/** The page a paged list shows and how to move to another (the URL's: `urlPaging`). */
export interface Paging {
  page: number;
  onPageChange: (page: number) => void;
}

/** A list that fits on one page (of `pageSize`). */
const ONE_PAGE: Paging = { page: 1, onPageChange: () => undefined };

/**
 * A DataTable of a list query: its rows, total, error and fetching state;
 * `PAGE_DEFAULT_LIMIT` rows a page unless told, one page unless `paging` says otherwise.
 */
export function QueryTable<T>({
  query,
  paging = ONE_PAGE,
  pageSize = PAGE_DEFAULT_LIMIT,
  ...props
}: Omit<DataTableProps<T>, 'rows' | 'meta' | 'error' | 'fetching' | 'page' | 'onPageChange' | 'pageSize'> & {
  query: PagedQuery<T>;
  paging?: Paging;
  pageSize?: number;
}) {
  return (
    <DataTable
      rows={query.data?.data}
      meta={query.data?.meta}
      error={query.error}
      fetching={query.isPlaceholderData}
      page={paging.page}
      onPageChange={paging.onPageChange}
      pageSize={pageSize}
      {...props}
    />
  );
}
