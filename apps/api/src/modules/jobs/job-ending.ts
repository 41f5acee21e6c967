import type { JobStatus } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { sqlAffected, sqlRows } from '../../common/sql.js';
import type { AuditService } from '../audit/audit.service.js';
import { DROP_ALL_IMPORT_ROWS, FINISH_JOB, type JobRow } from './jobs.queries.js';

/**
 * Ends a job (locked by the caller) with `status`, in the caller's
 * transaction: an import's rows left are dropped, and the job's one audit
 * entry is written, with who started it and what it did in counts.
 */
export async function endJob(
  manager: EntityManager,
  audit: AuditService,
  job: JobRow,
  status: Extract<JobStatus, 'succeeded' | 'failed' | 'cancelled'>,
  failure: string | null = null,
): Promise<JobRow> {
  const [ended] = await sqlRows<JobRow>(manager, FINISH_JOB, [job.id, status, failure]);
  if (job.type === 'licenses.import') await sqlAffected(manager, DROP_ALL_IMPORT_ROWS, [job.id]);
  await audit.write(manager, [
    {
      appId: ended!.app_id,
      type: `admin.job.${ended!.type}`,
      actor: ended!.created_by_email,
      actorId: ended!.created_by,
      ip: ended!.created_ip,
      details: {
        jobId: ended!.id,
        status: ended!.status,
        filter: ended!.filter,
        params: ended!.params,
        done: ended!.done,
        total: ended!.total,
        skipped: ended!.skipped,
        errorCount: ended!.error_count,
      },
    },
  ]);
  return ended!;
}

export function isUnfinished(job: JobRow): boolean {
  return job.status === 'queued' || job.status === 'running';
}
