import type { AppStats } from '@latchkey/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

const CHART_HEIGHT = 280;

/** "2026-11-23" → "Nov 23", in UTC (the API counts per UTC day). */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Activations and logins per day for the last 30 days (recharts), with the
 * same figures in a table for screen readers, and an empty state for an app
 * with no activity yet.
 */
export function ActivityChart({ stats }: { stats: AppStats | undefined }) {
  if (!stats) return <Skeleton height={`${CHART_HEIGHT}px`} />;
  const days = stats.activations.map((day, index) => ({
    date: day.date,
    label: dayLabel(day.date),
    activations: day.count,
    logins: stats.logins[index]?.count ?? 0,
  }));
  const total = days.reduce((sum, day) => sum + day.activations + day.logins, 0);

  return (
    <figure className="chart" aria-labelledby="activity-caption">
      <figcaption id="activity-caption">Activations and logins, last 30 days (UTC)</figcaption>
      {total === 0 ? (
        <EmptyState title="No activity yet">
          When your software registers users, redeems keys or logs in, each day's count shows here.
        </EmptyState>
      ) : (
        <div aria-hidden="true" style={{ height: CHART_HEIGHT }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fill: 'var(--muted)', fontSize: 12 }} />
              <Tooltip
                contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' }}
                cursor={{ fill: 'var(--surface-2)' }}
              />
              <Legend />
              <Bar dataKey="activations" name="Activations" fill="var(--chart-1)" radius={[3, 3, 0, 0]} />
              <Bar dataKey="logins" name="Logins" fill="var(--chart-2)" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <table className="visually-hidden" aria-label="Activity per day">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Activations</th>
            <th scope="col">Logins</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.activations}</td>
              <td>{day.logins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
