import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  DURATION_TYPES,
  type DurationType,
  IMPORT_COLUMNS,
  JobLimits,
  JobMessage,
  LicenseLimits,
} from '@latchkey/contracts';
import { AppError } from '../../common/errors.js';
import type { ImportedKey } from '../licenses/license-bulk.js';
import type { ImportRow } from './jobs.queries.js';

/** Characters one CSV record may hold: far above a row of the four columns, a bound on what one bad line can cost. */
const MAX_RECORD_CHARS = 8192;
/** What the decoder makes of bytes that are not UTF-8, and what a NUL is staged as (see `cell`). */
const NOT_TEXT = '\uFFFD';

/**
 * The rows of an uploaded CSV, read as it streams in, `batchSize` at a time:
 * never the whole file in memory. The first line names the columns
 * (IMPORT_COLUMNS, any order, any case; `key` and `duration` required);
 * other columns are ignored. A file the parser cannot read is a 400 naming
 * the line.
 */
export async function* importRowBatches(file: AsyncIterable<Buffer>, batchSize: number): AsyncGenerator<ImportRow[]> {
  // pipeline, not pipe: an error of the upload (cut short, over the limit) reaches the loop below, where pipe
  // left it on the source stream with no listener, and the process exited (issue 37).
  const parser = pipeline(
    Readable.from(file),
    parse({
      bom: true,
      columns: importColumns,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
      info: true,
    }),
    () => undefined, // the loop below sees the error: the parser is destroyed with it
  );
  let batch: ImportRow[] = [];
  let rows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      rows += 1;
      if (rows > JobLimits.importMaxRows) throw new AppError('VALIDATION', JobMessage.importTooManyRows);
      batch.push({
        line: info.lines,
        key: cell(record.key),
        level: cell(record.level),
        duration: cell(record.duration),
        note: cell(record.note),
      });
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, lines } = err as { code?: string; lines?: number };
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      throw new AppError('VALIDATION', `The CSV cannot be read at line ${lines ?? '?'}`);
    }
    throw err;
  }
  if (batch.length > 0) yield batch;
}

/** The header's column names, lower-cased; a header without `key` and `duration` is refused. */
function importColumns(header: string[]): Array<string | undefined> {
  const names = header.map((name) => name.trim().toLowerCase());
  if (!names.includes('key') || !names.includes('duration')) {
    throw new AppError('VALIDATION', JobMessage.importHeader);
  }
  return names.map((name) => ((IMPORT_COLUMNS as readonly string[]).includes(name) ? name : undefined));
}

/**
 * PostgreSQL's text holds no NUL (it answered 500, issue 37): a cell's NUL is
 * staged as U+FFFD, which every column's check refuses, as it refuses bytes
 * that were not UTF-8 (decoded as U+FFFD).
 */
function cell(value: string | undefined): string | null {
  const trimmed = value?.trim().replaceAll('\0', NOT_TEXT);
  return trimmed ? trimmed : null;
}

const INTEGER = /^-?\d{1,9}$/;

/** A row checked with the limits of generation; the message of the first problem otherwise. */
export function checkImportRow(row: ImportRow): ImportedKey | string {
  if (row.key === null || !JobLimits.importKeyPattern.test(row.key)) return JobMessage.importKey;
  if (row.duration === null || !(DURATION_TYPES as readonly string[]).includes(row.duration)) {
    return JobMessage.importDuration(DURATION_TYPES);
  }
  const level = row.level === null ? 1 : INTEGER.test(row.level) ? Number(row.level) : NaN;
  if (!(level >= LicenseLimits.levelMin && level <= LicenseLimits.levelMax)) return JobMessage.importLevel;
  if (row.note !== null && row.note.length > LicenseLimits.noteMax) return JobMessage.importNote;
  if (row.note !== null && row.note.includes(NOT_TEXT)) return JobMessage.importText('note');
  return { key: row.key, durationType: row.duration as DurationType, level, note: row.note };
}
