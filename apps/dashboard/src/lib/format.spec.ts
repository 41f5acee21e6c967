import { describe, expect, it } from '@jest/globals';
import {
  formatApproximateNumber,
  formatDate,
  formatDateTimeParts,
  formatNumber,
  formatUtc,
  plural,
  viewerTimeZone,
} from './format';

describe('format', () => {
  it('shows the exact instant in UTC, and an unreadable one as it came', () => {
    expect(formatUtc('2026-11-22T01:22:06.123Z')).toBe('2026-11-22 01:22:06.123 UTC');
    expect(formatUtc('soon')).toBe('soon');
  });

  it("formats dates and numbers in the viewer's locale", () => {
    const instant = '2026-11-22T01:22:06.123Z';
    const date = new Date(instant);
    // Date and time apart (a table cell breaks only between them), reading as the one formatted string;
    // formatToParts puts a narrow no-break space before AM/PM where format puts a space.
    const spaces = (text: string) => text.replace(/\u202f/g, ' ');
    expect(spaces(formatDateTimeParts(instant).join(' '))).toBe(
      spaces(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date)),
    );
    expect(formatDate(instant)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date));
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat().format(1234567));
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says an estimated count in rounded words', () => {
    const compact = new Intl.NumberFormat(undefined, {
      notation: 'compact',
      compactDisplay: 'long',
      maximumSignificantDigits: 2,
    });
    expect(formatApproximateNumber(1_234_567)).toBe(`about ${compact.format(1_200_000)}`);
    expect(formatApproximateNumber(12_345)).toBe(`about ${compact.format(12_000)}`);
  });

  it('counts in words', () => {
    expect(plural(1, 'key')).toBe('1 key');
    expect(plural(5, 'key')).toBe('5 keys');
    expect(plural(0, 'entry', 'entries')).toBe('0 entries');
    expect(plural(2000, 'key')).toBe(`${formatNumber(2000)} keys`);
  });
});
