import {
  type Job,
  type KeyAuthImport,
  type KeyAuthImportCounts,
  type KeyAuthImportKind,
  KeyAuthImportLimits,
  type KeyAuthImportStatus,
} from '@latchkey/contracts';
import { AppError } from '../../../common/errors.js';
import { sqlRows, type SqlExecutor } from '../../../common/sql.js';
import { findJob } from '../../jobs/job-records.js';
import {
  GET_IMPORT,
  type KeyAuthImportRow,
  OUTCOME_COUNTS,
  type OutcomeCount,
  SUBSCRIPTION_NAMES,
} from './keyauth-import.queries.js';

/** The import `importId` of the app; NOT_FOUND when the app has none of that id. */
export async function importRow(executor: SqlExecutor, appId: string, importId: string): Promise<KeyAuthImportRow> {
  const [row] = await sqlRows<KeyAuthImportRow>(executor, GET_IMPORT, [importId, appId]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * An import as the API shows it: its status read from its preview and commit
 * jobs, and once the preview is ready, its counts and subscription names.
 */
export async function importView(executor: SqlExecutor, read: KeyAuthImportRow): Promise<KeyAuthImport> {
  const [previewJob, commitJob] = await Promise.all([
    read.preview_job_id ? findJob(executor, read.app_id, read.preview_job_id) : null,
    read.commit_job_id ? findJob(executor, read.app_id, read.commit_job_id) : null,
  ]);
  // The commit writes the result in its batch's transaction, before its job ends: a row read before the job
  // was seen succeeding may predate the result, and would show a committed import with no result.
  const row =
    commitJob?.status === 'succeeded' && read.result === null ? await importRow(executor, read.app_id, read.id) : read;
  const status = importStatus(previewJob, commitJob);
  const ready = previewJob?.status === 'succeeded' && row.result === null;
  const [counts, names] = ready
    ? await Promise.all([
        sqlRows<OutcomeCount>(executor, OUTCOME_COUNTS, [row.id]),
        sqlRows<{ name: string; users: number }>(executor, SUBSCRIPTION_NAMES, [
          row.id,
          KeyAuthImportLimits.subscriptionsMax,
        ]),
      ])
    : [[], []];
  return {
    id: row.id,
    appId: row.app_id,
    format: row.format,
    fileName: row.file_name,
    status,
    counts: ready ? { users: countsOf(counts, 'users'), keys: countsOf(counts, 'keys') } : null,
    subscriptions: names.map((name) => ({ ...name, level: row.levels[name.name] ?? 1 })),
    previewJob,
    commitJob,
    result: row.result,
    createdAt: row.created_at.toISOString(),
  };
}

function importStatus(previewJob: Job | null, commitJob: Job | null): KeyAuthImportStatus {
  const latest = commitJob ?? previewJob;
  if (!latest || latest.status === 'queued' || latest.status === 'running') {
    return commitJob ? 'committing' : 'previewing';
  }
  if (latest.status === 'succeeded') return commitJob ? 'committed' : 'ready';
  return commitJob && previewJob?.status === 'succeeded' ? 'ready' : 'failed';
}

function countsOf(rows: OutcomeCount[], kind: KeyAuthImportKind): KeyAuthImportCounts {
  const counts: KeyAuthImportCounts = { create: 0, skip: 0, conflict: 0 };
  for (const row of rows) if (row.kind === kind) counts[row.outcome] = row.count;
  return counts;
}
