import type { JobError, JobFilter, JobParams, JobStatus, JobType } from '@latchkey/contracts';
import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the jobs module, which owns the `jobs` and
 * `job_import_rows` tables (docs/data-access.md). The records a job changes
 * are written by their owners (licenses/license-bulk.ts, users/user-bulk.ts).
 */

/** A `jobs` row as JOB_COLUMNS reads it. */
export interface JobRow {
  id: string;
  app_id: string;
  type: JobType;
  status: JobStatus;
  filter: JobFilter;
  params: JobParams;
  cursor: string | null;
  done: number;
  total: number | null;
  skipped: number;
  error_count: number;
  errors: JobError[];
  failure: string | null;
  cancel_requested: boolean;
  created_by: string | null;
  created_by_email: string;
  created_ip: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The first key of the jobs' advisory locks, so they never meet another lock's keys. */
const JOB_LOCK_SPACE = 25;

const JOB_COLUMNS = `id, app_id, type, status, filter, params, cursor, done, total, skipped, error_count, errors,
  failure, cancel_requested, created_by, created_by_email, created_ip, created_at, started_at, finished_at`;

/** A job of the app `$1`: type, filter, params, who started it and from where, and its total when known. */
export const INSERT_JOB = `INSERT INTO jobs (app_id, type, filter, params, created_by, created_by_email, created_ip, total)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  RETURNING ${JOB_COLUMNS}`;

/** The app's jobs, newest first. */
export const LIST_JOBS: ListStatement = {
  select: JOB_COLUMNS,
  from: 'jobs WHERE app_id = $1',
  orderBy: 'created_at DESC, id DESC',
};

export const GET_JOB = `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND app_id = $2`;

/**
 * The job `$1`, read under a transaction-level advisory lock of its own: two
 * runs of one job (a stalled job handed on while its first worker still
 * runs) take turns batch by batch. The row itself is not locked, so a
 * cancellation never waits for a batch.
 */
export const LOCK_JOB = `SELECT ${JOB_COLUMNS} FROM jobs, pg_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext($1::uuid::text))
  WHERE id = $1::uuid`;

/**
 * The unfinished job `$1` of the app `$2` is asked to stop; the worker reads
 * it between batches. No row when it has finished or was asked already.
 */
export const REQUEST_CANCEL = `UPDATE jobs SET cancel_requested = true
  WHERE id = $1 AND app_id = $2 AND status IN ('queued', 'running') AND NOT cancel_requested
  RETURNING ${JOB_COLUMNS}`;

/** queued -> running, with the records counted (`$2`) when the job had no total yet. */
export const START_JOB = `UPDATE jobs SET status = 'running', started_at = now(), total = COALESCE(total, $2)
  WHERE id = $1 RETURNING ${JOB_COLUMNS}`;

/** One batch's progress: the new cursor, what it handled, and the errors kept ($6, the whole list). */
export const RECORD_PROGRESS = `UPDATE jobs
  SET cursor = $2, done = done + $3, skipped = skipped + $4, error_count = error_count + $5, errors = $6
  WHERE id = $1 RETURNING ${JOB_COLUMNS}`;

/** The job ends with the status `$2` (and `$3`, why it failed). */
export const FINISH_JOB = `UPDATE jobs SET status = $2, failure = $3, finished_at = now()
  WHERE id = $1 RETURNING ${JOB_COLUMNS}`;

/** Jobs not finished, oldest first: the worker queues them again in case their BullMQ job was lost. */
export const UNFINISHED_JOBS = `SELECT id FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`;

/** A CSV row of an import, as uploaded (checked when the job reaches it). */
export interface ImportRow {
  line: number;
  key: string | null;
  level: string | null;
  duration: string | null;
  note: string | null;
}

/** Rows of the import `$1`: lines $2, key $3, level $4, duration $5, note $6 by position. */
export const INSERT_IMPORT_ROWS = `INSERT INTO job_import_rows (job_id, line, key, level, duration, note)
  SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`;

/** The first line of the import `$1` after line `$2`: the primary key's first entry past the cursor. */
const FIRST_LINE_LEFT = `(SELECT min(line) FROM job_import_rows WHERE job_id = $1 AND line > $2)`;

/**
 * Takes the next batch of the import `$1` after line `$2`: the rows of the
 * `$3` lines from the first line left, deleted and returned in one statement
 * (in the batch's transaction, so a rollback puts them back). Both bounds are
 * values (init plans) the primary key's scan starts and stops at, whatever
 * the table's statistics. Nothing taken before or left after the batch is
 * read, so a batch's cost does not grow with the file (what was tried:
 * docs/decisions/bulk-jobs.md, "Import").
 */
export const TAKE_IMPORT_ROWS = `DELETE FROM job_import_rows
  WHERE job_id = $1 AND line >= ${FIRST_LINE_LEFT} AND line < ${FIRST_LINE_LEFT} + $3::int
  RETURNING line, key, level, duration, note`;

/** Every row left of the import `$1` (a cancelled or failed one). */
export const DROP_ALL_IMPORT_ROWS = `DELETE FROM job_import_rows WHERE job_id = $1`;

/** An import's total, once its upload has been read. */
export const SET_JOB_TOTAL = `UPDATE jobs SET total = $2 WHERE id = $1 RETURNING ${JOB_COLUMNS}`;
