// A short table that is all on one page (an account's sign-ins and tokens):
// plain markup, a header per column and a last column of row actions. Paged
// lists of the API use DataTable.
import type { ReactNode } from 'react';
import './table.css';

export function SimpleTable({
  label,
  headers,
  children,
}: {
  /** accessible name of the table */
  label: string;
  /** the headers of the columns before the actions column */
  headers: readonly string[];
  /** the rows (<tr>), each ending in a `col-actions` cell */
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
