export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180 quoting); null and undefined are empty. A text starting
 * with = + - @, a tab or a carriage return is prefixed with ' so a spreadsheet
 * does not run it as a formula (a note is free text an owner or reseller typed).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Most cells need neither: one test for them (an export runs this millions of times).
  if (!FORMULA_START_OR_QUOTED.test(text)) return text;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return QUOTED.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTED = /[",\r\n]/;
const FORMULA_START_OR_QUOTED = /^[=+\-@\t\r]|[",\r\n]/;
