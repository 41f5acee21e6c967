import { formatDate, formatDateTimeParts, formatUtc, viewerTimeZone } from '@/lib/format';
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
  const [date, time] = dateOnly ? [formatDate(value), ''] : formatDateTimeParts(value);
  return (
    <Tooltip content={`${formatUtc(value)} · shown in ${viewerTimeZone()}`}>
      <time className="date-time" dateTime={value} tabIndex={0}>
        <span className="date-time-part">{date}</span>
        {time ? (
          <>
            {' '}
            <span className="date-time-part">{time}</span>
          </>
        ) : null}
      </time>
    </Tooltip>
  );
}
