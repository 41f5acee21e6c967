// CSV files built in the browser (generated keys) and saving downloads (the
// API's exports), without a server round trip for what the page already has.
import { csvCell, type CsvValue } from '@latchkey/contracts';

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `blob` as a file through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(filename: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]): void {
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
