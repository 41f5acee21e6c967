// Activations and logins per UTC day for the last 30 days: the totals in the
// caption, the bars (Recharts, loaded on its own so the figures and this text
// do not wait for it) and the same numbers in a table, visually hidden unless
// the viewer asks for it. An app without activity gets an empty state instead.
import type { AppStats } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber, plural } from '@/lib/format';
import { CHART_HEIGHT, SERIES, toRows, type DayRow } from './activity-data';
import '@/components/ui/table.css';
import '../overview.css';

const ActivityBars = lazy(() => import('./activity-bars').then((module) => ({ default: module.ActivityBars })));

function sum(rows: DayRow[], key: 'activations' | 'logins'): number {
  return rows.reduce((total, row) => total + row[key], 0);
}

export function ActivityChart({ appId, stats }: { appId: string; stats: AppStats | undefined }) {
  const headingId = useId();
  return (
    <section className="card activity" aria-labelledby={headingId}>
      <div className="activity-head">
        <h2 id={headingId}>Activity, last 30 days</h2>
        <p className="muted">Activations (keys redeemed for the first time) and logins per day, in UTC.</p>
      </div>
      {stats === undefined ? (
        <div className="activity-body">
          <Skeleton width="100%" height={`${CHART_HEIGHT}px`} />
        </div>
      ) : (
        <ActivityBody appId={appId} stats={stats} />
      )}
    </section>
  );
}

function ActivityBody({ appId, stats }: { appId: string; stats: AppStats }) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const rows = toRows(stats.activations, stats.logins);
  const totals = { activations: sum(rows, 'activations'), logins: sum(rows, 'logins') };
  const today = rows.at(-1);

  if (totals.activations + totals.logins === 0) {
    const newApp = stats.users === 0 && stats.licenses.total === 0;
    return (
      <div className="activity-body activity-empty">
        <EmptyState title={newApp ? 'No activity yet' : 'No activity in the last 30 days'}>
          {newApp ? (
            <div className="stack-sm activity-empty-text">
              <p>
                Generate license keys and hand them out: every key your software redeems and every login shows up here,
                by day.
              </p>
              <p>
                <Link to="/apps/$appId/licenses" params={{ appId }} className="button button-secondary">
                  Go to licenses
                </Link>
              </p>
            </div>
          ) : (
            'No key was activated and nobody logged in during the last 30 days.'
          )}
        </EmptyState>
      </div>
    );
  }

  return (
    <figure className="activity-body">
      <figcaption className="activity-legend">
        {SERIES.map((series) => (
          <span key={series.key} className="activity-total">
            <span className="legend-swatch" style={{ background: series.colour }} aria-hidden="true" />
            {series.name}: <strong>{formatNumber(totals[series.key])}</strong>
          </span>
        ))}
        {today ? (
          <span className="muted">
            Today: {plural(today.activations, 'activation')}, {plural(today.logins, 'login')}
          </span>
        ) : null}
        <button
          type="button"
          className="button button-ghost button-small activity-table-toggle"
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? 'Hide table' : 'Show as table'}
        </button>
      </figcaption>
      <Suspense fallback={<Skeleton width="100%" height={`${CHART_HEIGHT}px`} />}>
        <ActivityBars rows={rows} />
      </Suspense>
      <div id={tableId} className={tableShown ? 'table-wrap activity-table' : 'visually-hidden'}>
        <table className="table">
          <caption className="visually-hidden">Activity per day</caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col" className="col-num">
                Activations
              </th>
              <th scope="col" className="col-num">
                Logins
              </th>
            </tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((row, index) => (
              <tr key={row.date}>
                <th scope="row">
                  <time dateTime={row.date}>{row.date}</time>
                  {index === 0 ? ' (today)' : null}
                </th>
                <td className="col-num">{formatNumber(row.activations)}</td>
                <td className="col-num">{formatNumber(row.logins)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
