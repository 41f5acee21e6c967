import { formatDate, formatDateTime, formatUtc, viewerTimeZone } from '@/lib/format';
import { Tooltip } from './tooltip';
import './date-time.css';

/**
 * A timestamp in the viewer's time zone; hover or focus shows the exact UTC
 * instant. `null` renders `empty` (e.g. "Never", "Lifetime").
 */
export function DateTime({
  value,
  empty = '—',
  dateOnly = false,
}: {
  value: string | null | undefined;
  empty?: string;
  dateOnly?: boolean;
}) {
  if (!value) return <span className="muted">{empty}</span>;
  return (
    <Tooltip content={`${formatUtc(value)} · shown in ${viewerTimeZone()}`}>
      <time className="date-time" dateTime={value} tabIndex={0}>
        {dateOnly ? formatDate(value) : formatDateTime(value)}
      </time>
    </Tooltip>
  );
}
