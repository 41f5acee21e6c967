import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobError } from '@latchkey/contracts';
import { JobLimits } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { JobOperationsRegistry } from './job-operations-registry.js';
import { endJob, isUnfinished } from './job-ending.js';
import { LOCK_JOB, type JobRow, RECORD_PROGRESS, START_JOB } from './jobs.queries.js';

/** What a step left: the job goes on, or it has ended (or was not runnable). */
type Step = { next: true } | { next: false; ended: JobRow | null };

/**
 * Runs a job batch by batch (worker process). Each batch is one transaction:
 * the job read under its advisory lock, the records changed, the cursor and
 * counts recorded, so a worker killed mid-way leaves the job at its last
 * committed batch and whoever runs it next (BullMQ's stalled-job recovery,
 * or the sweep) goes on from there without doing a record twice. The lock
 * also makes two runs of one job take turns. A cancellation is read between
 * batches.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger(JobRunner.name);
  private readonly batchSize: number;
  /** Set on shutdown: the job stops after its batch, stays `running`, and the next worker goes on with it. */
  private stopping = false;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly statistics: PlannerStatistics,
    private readonly operations: JobOperationsRegistry,
  ) {
    this.batchSize = config.BULK_JOB_BATCH_SIZE;
  }

  stop(): void {
    this.stopping = true;
  }

  async run(jobId: string): Promise<void> {
    try {
      while (!this.stopping) {
        const step = await this.dataSource.transaction((manager) => this.step(manager, jobId));
        if (!step.next) {
          if (step.ended) this.refreshStatistics(step.ended);
          return;
        }
      }
    } catch (err) {
      this.logger.error(`bulk job ${jobId} failed: ${(err as Error).message}`);
      await this.dataSource.transaction((manager) => this.fail(manager, jobId));
    }
  }

  private async step(manager: EntityManager, jobId: string): Promise<Step> {
    const [locked] = await sqlRows<JobRow>(manager, LOCK_JOB, [jobId]);
    if (!locked || !isUnfinished(locked)) return { next: false, ended: null };
    if (locked.cancel_requested) return { next: false, ended: await endJob(manager, this.audit, locked, 'cancelled') };
    const operation = this.operations.get(locked.type);
    let job = locked;
    if (job.status === 'queued') {
      const total = await operation.count(manager, job);
      [job] = await sqlRows<JobRow>(manager, START_JOB, [job.id, total]);
    }
    const batch = await operation.batch(manager, job!, job!.cursor ?? operation.start, this.batchSize);
    if (batch.last === null) return { next: false, ended: await endJob(manager, this.audit, job!, 'succeeded') };
    const kept: JobError[] = [...job!.errors, ...batch.errors].slice(0, JobLimits.errorsKept);
    await sqlRows(manager, RECORD_PROGRESS, [
      job!.id,
      batch.last,
      batch.handled,
      batch.skipped,
      batch.errors.length,
      JSON.stringify(kept),
    ]);
    return { next: true };
  }

  /** A job that hit an unexpected error stops as failed; the records of its committed batches stay changed. */
  private async fail(manager: EntityManager, jobId: string): Promise<void> {
    const [job] = await sqlRows<JobRow>(manager, LOCK_JOB, [jobId]);
    if (job && isUnfinished(job))
      await endJob(manager, this.audit, job, 'failed', 'The job stopped on an internal error');
  }

  /** Production databases analyze on their own, but not the minute after a bulk change (issue 25). */
  private refreshStatistics(job: JobRow): void {
    if (job.done > 0) this.statistics.wrote(this.operations.get(job.type).table, job.done);
  }
}
