// Dates and numbers for display: the viewer's locale and time zone, with the
// exact UTC instant kept for tooltips and machine-readable attributes.

const localDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const localDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const numberFormat = new Intl.NumberFormat();
const approximateFormat = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  compactDisplay: 'long',
  maximumSignificantDigits: 2,
});

const TIME_PARTS: ReadonlySet<Intl.DateTimeFormatPartTypes> = new Set(['hour', 'minute', 'dayPeriod']);

/**
 * e.g. ["22 Nov 2026,", "02:22"] in the viewer's time zone: the date with the
 * locale's separator, and the time, apart so that a narrow column can break
 * the line between them and nowhere else. Joined by a space they read as the
 * locale writes the whole.
 */
export function formatDateTimeParts(iso: string): [date: string, time: string] {
  const parts = localDateTime.formatToParts(new Date(iso));
  const timeStart = parts.findIndex((part) => TIME_PARTS.has(part.type));
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return timeStart > 0 ? [text(0, timeStart).trimEnd(), text(timeStart)] : [text(0), ''];
}

export function formatDate(iso: string): string {
  return localDate.format(new Date(iso));
}

/** e.g. "2026-11-22 01:22:06.123 UTC": the exact instant the API sent. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** The viewer's time zone name, e.g. "Europe/Berlin". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A count the API estimated, in words: "about 1.2 million", "about 12 thousand". */
export function formatApproximateNumber(value: number): string {
  return `about ${approximateFormat.format(value)}`;
}

/** "1 key", "5 keys" */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

/** "1.4 MiB", "512 B" */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
