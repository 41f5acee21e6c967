import type { CreateJobRequest, JobError, JobFilter, JobParams } from '@latchkey/contracts';
import type { SqlExecutor } from '../../common/sql.js';
import type { JobRow } from './jobs.queries.js';

/** One batch of a job: the cursor it ended at (null: nothing was left), what it handled, skipped and refused. */
export interface BatchOutcome {
  last: string | null;
  handled: number;
  skipped: number;
  errors: JobError[];
}

/**
 * What a job type does, batch by batch, in the transaction that records its
 * progress. The jobs module's own types are in JOB_OPERATIONS; a module that
 * owns another type's records registers its operation (JobOperationsRegistry).
 */
export interface JobOperation {
  /** the table it changes, whose planner statistics are refreshed when it ends */
  table: string;
  /** the cursor before the first record */
  start: string;
  /** how many records it will go through (an import knows its rows from the upload) */
  count(executor: SqlExecutor, job: JobRow): Promise<number>;
  batch(executor: SqlExecutor, job: JobRow, cursor: string, size: number): Promise<BatchOutcome>;
  /**
   * For a type `POST /jobs` creates: the filter and params it reads from the
   * request (others are ignored, as the contract says); a missing required
   * parameter is refused here. Imports are created by their uploads instead.
   */
  input?(request: CreateJobRequest): { filter: JobFilter; params: JobParams };
}

/** What a job of a type `POST /jobs` creates reaches: its app and the filter and params it keeps. */
export interface JobScope {
  appId: string;
  filter: JobFilter;
  params: JobParams;
}

/**
 * The operation of a type `POST /jobs` creates: it reads its filter and params
 * from the request, and counts what a scope reaches, with the same condition
 * as its batches, for the job's total and for a dry run (`upTo`: stop there).
 */
export type CreatableJobOperation = JobOperation &
  Required<Pick<JobOperation, 'input'>> & {
    countScope(executor: SqlExecutor, scope: JobScope, upTo?: number): Promise<number>;
  };
