import type { JobError, JobType } from '@latchkey/contracts';
import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import {
  addTimeToKeyBatch,
  type BulkKeyFilter,
  countBulkKeyChange,
  deleteKeyBatch,
  importKeys,
  type ImportedKey,
} from '../licenses/license-bulk.js';
import { type BulkUserChange, changeUserBatch, countBulkUserChange } from '../users/user-bulk.js';
import { checkImportRow } from './import-csv.js';
import { type ImportRow, type JobRow, type JobTable, TAKE_IMPORT_ROWS } from './jobs.queries.js';
import { keyAuthCommitOperation, keyAuthPreviewOperation } from './keyauth-import.operations.js';

/** One batch of a job: the cursor it ended at (null: nothing was left), what it handled, skipped and refused. */
export interface BatchOutcome {
  last: string | null;
  handled: number;
  skipped: number;
  errors: JobError[];
}

/** What a job type does, batch by batch, in the transaction that records its progress. */
export interface JobOperation {
  /** the table it changes, whose planner statistics are refreshed when it ends */
  table: JobTable;
  /** the cursor before the first record */
  start: string;
  /** how many records it will go through (an import knows its rows from the upload) */
  count(executor: SqlExecutor, job: JobRow): Promise<number>;
  batch(executor: SqlExecutor, job: JobRow, cursor: string, size: number): Promise<BatchOutcome>;
}

/** Before every uuid: keyset batches of ids start here. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

function keyFilter(job: JobRow): BulkKeyFilter {
  return { status: job.filter.status ?? null, note: job.filter.note ?? null, createdBy: job.filter.createdBy ?? null };
}

function changed(outcome: { last: string | null; changed: number }): BatchOutcome {
  return { last: outcome.last, handled: outcome.changed, skipped: 0, errors: [] };
}

function userOperation(change: (job: JobRow) => BulkUserChange): JobOperation {
  return {
    table: 'users',
    start: FIRST_ID,
    count: (executor, job) => countBulkUserChange(executor, change(job), job.app_id, job.filter.search ?? null),
    batch: async (executor, job, cursor, size) =>
      changed(
        await changeUserBatch(executor, change(job), {
          appId: job.app_id,
          search: job.filter.search ?? null,
          cursor,
          size,
        }),
      ),
  };
}

/**
 * The import goes through its uploaded rows by line: a batch takes the rows
 * of the next `size` lines (TAKE_IMPORT_ROWS), checks each, and stores the
 * valid ones in one statement (a key the app has, or one an earlier line of
 * the file had, is skipped and counted): two statements, each reading only
 * the batch's rows.
 */
const importOperation: JobOperation = {
  table: 'licenses',
  start: '0',
  count: (_executor, job) => Promise.resolve(job.total ?? 0),
  async batch(executor, job, cursor, size) {
    const rows = await sqlRows<ImportRow>(executor, TAKE_IMPORT_ROWS, [job.id, Number(cursor), size]);
    if (rows.length === 0) return { last: null, handled: 0, skipped: 0, errors: [] };
    rows.sort((a, b) => a.line - b.line);
    const errors: JobError[] = [];
    const valid: ImportedKey[] = [];
    for (const row of rows) {
      const checked = checkImportRow(row);
      if (typeof checked === 'string')
        errors.push({ line: row.line, ...(row.key ? { key: row.key } : {}), message: checked });
      else valid.push(checked);
    }
    const stored = await importKeys(executor, job.app_id, job.created_by, valid);
    return { last: String(rows[rows.length - 1]!.line), handled: rows.length, skipped: valid.length - stored, errors };
  },
};

export const JOB_OPERATIONS: Record<JobType, JobOperation> = {
  'licenses.import': importOperation,
  'licenses.delete': {
    table: 'licenses',
    start: FIRST_ID,
    count: (executor, job) => countBulkKeyChange(executor, 'delete', job.app_id, keyFilter(job)),
    batch: async (executor, job, cursor, size) =>
      changed(await deleteKeyBatch(executor, { appId: job.app_id, filter: keyFilter(job), cursor, size })),
  },
  'licenses.add-time': {
    table: 'licenses',
    start: FIRST_ID,
    count: (executor, job) => countBulkKeyChange(executor, 'addTime', job.app_id, keyFilter(job)),
    batch: async (executor, job, cursor, size) =>
      changed(
        await addTimeToKeyBatch(executor, {
          appId: job.app_id,
          filter: keyFilter(job),
          cursor,
          size,
          days: job.params.days!,
        }),
      ),
  },
  'users.extend': userOperation((job) => ({ kind: 'extend', days: job.params.days! })),
  'users.reset-hwid': userOperation(() => ({ kind: 'resetHwid' })),
  'users.ban': userOperation((job) => ({ kind: 'ban', reason: job.params.reason ?? null })),
  'users.unban': userOperation(() => ({ kind: 'unban' })),
  'keyauth.preview': keyAuthPreviewOperation,
  'keyauth.commit': keyAuthCommitOperation,
};
