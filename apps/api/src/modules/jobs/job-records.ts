import type { Job, JobFilter, JobParams, JobType } from '@latchkey/contracts';
import type { Actor } from '../../common/auth/actor.js';
import { iso } from '../../common/iso.js';
import { sqlRows, type SqlExecutor } from '../../common/sql.js';
import { GET_JOB, INSERT_JOB, type JobRow, SET_JOB_TOTAL } from './jobs.queries.js';

/*
 * A job's row made, counted and read: the jobs module owns the `jobs` table,
 * so a module that starts jobs of its own (the KeyAuth import) goes through
 * these, in its own transaction, and queues them with `queueJobs` after commit.
 */

/** A queued job of the app, started by `actor`; its total is set once known (`setJobTotal`). */
export async function insertJob(
  executor: SqlExecutor,
  actor: Actor,
  appId: string,
  type: JobType,
  filter: JobFilter = {},
  params: JobParams = {},
): Promise<JobRow> {
  const [job] = await sqlRows<JobRow>(executor, INSERT_JOB, [
    appId,
    type,
    JSON.stringify(filter),
    JSON.stringify(params),
    actor.accountId,
    actor.email,
    actor.ip,
    null,
  ]);
  return job!;
}

/** The number of records the job `jobId` goes through, once its upload has been read. */
export async function setJobTotal(executor: SqlExecutor, jobId: string, total: number): Promise<JobRow> {
  const [job] = await sqlRows<JobRow>(executor, SET_JOB_TOTAL, [jobId, total]);
  return job!;
}

/** The job `jobId` of the app, or null when the app has none of that id. */
export async function findJob(executor: SqlExecutor, appId: string, jobId: string): Promise<Job | null> {
  const [job] = await sqlRows<JobRow>(executor, GET_JOB, [jobId, appId]);
  return job ? toJob(job) : null;
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    appId: row.app_id,
    type: row.type,
    status: row.status,
    filter: row.filter,
    params: row.params,
    done: row.done,
    total: row.total,
    skipped: row.skipped,
    errorCount: row.error_count,
    errors: row.errors,
    failure: row.failure,
    cancelRequested: row.cancel_requested,
    createdBy: { accountId: row.created_by, email: row.created_by_email },
    createdAt: row.created_at.toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
