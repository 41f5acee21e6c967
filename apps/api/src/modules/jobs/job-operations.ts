import {
  type CreateJobRequest,
  type FilterJobType,
  type JobError,
  type JobFilter,
  JobMessage,
  type JobParams,
} from '@latchkey/contracts';
import { fieldError } from '../../common/errors.js';
import { sqlRows } from '../../common/sql.js';
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
import type { BatchOutcome, CreatableJobOperation, JobOperation, JobScope } from './job-operation.js';
import { type ImportRow, type JobRow, TAKE_IMPORT_ROWS } from './jobs.queries.js';

/** Before every uuid: keyset batches of ids start here. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** The request's filter fields that are set, among `names`. */
function filterOf(request: CreateJobRequest, names: Array<keyof NonNullable<CreateJobRequest['filter']>>) {
  const filter = request.filter ?? {};
  return Object.fromEntries(names.filter((name) => filter[name] !== undefined).map((name) => [name, filter[name]]));
}

/** `params.days`, which the time-adding types require. */
function daysOf(request: CreateJobRequest): { days: number } {
  const days = request.params?.days;
  if (days === undefined) throw fieldError('params.days', JobMessage.daysRequired);
  return { days };
}

const KEY_FILTER = ['note', 'createdBy'] as const;
const USER_FILTER = ['search'] as const;

function keyFilter(filter: JobFilter): BulkKeyFilter {
  return { status: filter.status ?? null, note: filter.note ?? null, createdBy: filter.createdBy ?? null };
}

/** What a job reaches, as a dry run of its request would see it. */
function scopeOf(job: JobRow): JobScope {
  return { appId: job.app_id, filter: job.filter, params: job.params };
}

function changed(outcome: { last: string | null; changed: number }): BatchOutcome {
  return { last: outcome.last, handled: outcome.changed, skipped: 0, errors: [] };
}

/** A type `POST /jobs` creates, whose job's total is its scope's count: one condition for both. */
function creatable(operation: Omit<CreatableJobOperation, 'count'>): CreatableJobOperation {
  return { ...operation, count: (executor, job) => operation.countScope(executor, scopeOf(job)) };
}

function userOperation(
  change: (params: JobParams) => BulkUserChange,
  params: (request: CreateJobRequest) => JobParams = () => ({}),
): CreatableJobOperation {
  return creatable({
    table: 'users',
    input: (request) => ({ filter: filterOf(request, [...USER_FILTER]), params: params(request) }),
    start: FIRST_ID,
    countScope: (executor, scope, upTo) =>
      countBulkUserChange(executor, change(scope.params), scope.appId, scope.filter.search ?? null, upTo),
    batch: async (executor, job, cursor, size) =>
      changed(
        await changeUserBatch(executor, change(job.params), {
          appId: job.app_id,
          search: job.filter.search ?? null,
          cursor,
          size,
        }),
      ),
  });
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

/** The types the jobs module runs on its own: the bulk changes `POST /jobs` creates and the CSV import of keys. */
export type OwnJobType = FilterJobType | 'licenses.import';

/**
 * The operations of the jobs module's own types; a type `POST /jobs` creates
 * (FilterJobType) also reads its request. Other modules' types are
 * registered by their modules (JobOperationsRegistry).
 */
export const JOB_OPERATIONS: {
  [Type in OwnJobType]: Type extends FilterJobType ? CreatableJobOperation : JobOperation;
} = {
  'licenses.import': importOperation,
  'licenses.delete': creatable({
    table: 'licenses',
    start: FIRST_ID,
    input: (request) => ({ filter: filterOf(request, ['status', ...KEY_FILTER]), params: {} }),
    countScope: (executor, scope, upTo) =>
      countBulkKeyChange(executor, 'delete', scope.appId, keyFilter(scope.filter), upTo),
    batch: async (executor, job, cursor, size) =>
      changed(await deleteKeyBatch(executor, { appId: job.app_id, filter: keyFilter(job.filter), cursor, size })),
  }),
  'licenses.add-time': creatable({
    table: 'licenses',
    start: FIRST_ID,
    input: (request) => ({ filter: filterOf(request, [...KEY_FILTER]), params: daysOf(request) }),
    countScope: (executor, scope, upTo) =>
      countBulkKeyChange(executor, 'addTime', scope.appId, keyFilter(scope.filter), upTo),
    batch: async (executor, job, cursor, size) =>
      changed(
        await addTimeToKeyBatch(executor, {
          appId: job.app_id,
          filter: keyFilter(job.filter),
          cursor,
          size,
          days: job.params.days!,
        }),
      ),
  }),
  'users.extend': userOperation((params) => ({ kind: 'extend', days: params.days! }), daysOf),
  'users.reset-hwid': userOperation(() => ({ kind: 'resetHwid' })),
  'users.ban': userOperation(
    (params) => ({ kind: 'ban', reason: params.reason ?? null }),
    (request) => ({ reason: request.params?.reason ?? null }),
  ),
  'users.unban': userOperation(() => ({ kind: 'unban' })),
};
