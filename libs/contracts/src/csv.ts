export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180 quoting); null and undefined are empty. A text starting
 * with = + - @, a tab or a carriage return is prefixed with ' so a spreadsheet
 * does not run it as a formula (a note is free text an owner or reseller typed).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
