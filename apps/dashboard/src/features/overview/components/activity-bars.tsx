// The bars of the activity chart, on Recharts: loaded on its own (the library
// is most of the overview's weight), hidden from assistive technology since
// the caption and the table beside it say the same.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_HEIGHT, SERIES, type DayRow } from './activity-data';
import '../overview.css';

// The API's days are UTC dates: formatted in UTC so a viewer west of Greenwich does not see the day before.
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function ActivityBars({ rows }: { rows: DayRow[] }) {
  return (
    <div className="activity-chart" aria-hidden="true">
      <BarChart
        data={rows}
        responsive
        style={{ width: '100%', height: CHART_HEIGHT }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        barGap={1}
        barCategoryGap="20%"
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="date"
          tickFormatter={(day: string) => shortDay.format(dayDate(day))}
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          width={36}
          tick={{ fill: 'var(--muted)', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: 'var(--surface-2)' }}
          labelFormatter={(day) => longDay.format(dayDate(String(day)))}
          contentStyle={{
            background: 'var(--surface)',
            border: '1px solid var(--border)',
            borderRadius: 6,
            color: 'var(--text)',
            fontSize: 13,
          }}
          labelStyle={{ fontWeight: 600, marginBottom: 4 }}
        />
        {SERIES.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            fill={series.colour}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
