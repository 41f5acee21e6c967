import type { DailyCount } from '@latchkey/contracts';

/** Height of the bars, and of their placeholder while the chart library loads. */
export const CHART_HEIGHT = 260;

/** One UTC day (`YYYY-MM-DD`) with both counts. */
export interface DayRow {
  date: string;
  activations: number;
  logins: number;
}

/** The two series, in the order of the legend; colours are CSS variables, so they follow dark mode. */
export const SERIES = [
  { key: 'activations', name: 'Activations', colour: 'var(--chart-1)' },
  { key: 'logins', name: 'Logins', colour: 'var(--chart-2)' },
] as const;

/** The API's two series joined by day (both list the same 30 days, oldest first). */
export function toRows(activations: DailyCount[], logins: DailyCount[]): DayRow[] {
  const loginsByDay = new Map(logins.map((day) => [day.date, day.count]));
  return activations.map((day) => ({ date: day.date, activations: day.count, logins: loginsByDay.get(day.date) ?? 0 }));
}
