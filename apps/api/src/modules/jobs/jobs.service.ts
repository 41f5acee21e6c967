import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, JobLimits, JobMessage, type JobPreview } from '@latchkey/contracts';
import type { Queue } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { AppError, fieldError } from '../../common/errors.js';
import { JOB_QUEUE } from '../../common/queue.module.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { drain, type UploadPart } from '../files/multipart-upload.js';
import { importRowBatches } from './import-csv.js';
import { JOB_OPERATIONS } from './job-operations.js';
import { queueJobs } from './job-queue.js';
import { findJob, insertJob, setJobTotal, toJob } from './job-records.js';
import type { CreateJobDto } from './jobs.dto.js';
import { INSERT_IMPORT_ROWS, type JobRow, LIST_JOBS, REQUEST_CANCEL } from './jobs.queries.js';

/** Upload rows stored per statement while the CSV streams in. */
const IMPORT_INSERT_BATCH = 1000;

/**
 * The owner's side of bulk jobs (API process): a job is recorded, queued
 * after commit, and run by the worker (JobRunner). A queueing failure loses
 * nothing: the worker's sweep queues every unfinished job.
 */
@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(JOB_QUEUE) private readonly queue: Queue,
    private readonly audit: AuditService,
  ) {}

  async create(actor: Actor, appId: string, dto: CreateJobDto): Promise<Job> {
    const { filter, params } = JOB_OPERATIONS[dto.type].input(dto);
    const job = await insertJob(this.dataSource, actor, appId, dto.type, filter, params);
    await this.enqueue(job);
    return toJob(job);
  }

  /**
   * A dry run of `create`: how many records the job would change now,
   * counted by its operation's own condition (the one its batches and its
   * total use), up to JobLimits.previewCountMax. Its request is read and
   * refused exactly as `create` reads it; nothing is written.
   */
  async preview(appId: string, dto: CreateJobDto): Promise<JobPreview> {
    const operation = JOB_OPERATIONS[dto.type];
    const { filter, params } = operation.input(dto);
    const bound = JobLimits.previewCountMax;
    const counted = await operation.countScope(this.dataSource, { appId, filter, params }, bound + 1);
    return { type: dto.type, filter, params, count: Math.min(counted, bound), countIsCapped: counted > bound };
  }

  /**
   * An import of keys from a CSV upload (multipart field `file`): its rows
   * are stored as they stream in, with the job, in one transaction, so a
   * broken upload leaves nothing; the worker checks and stores them.
   */
  async createImport(actor: Actor, appId: string, parts: AsyncIterable<UploadPart>): Promise<Job> {
    const job = await this.dataSource.transaction(async (manager) => {
      let created: JobRow | null = null;
      for await (const part of parts) {
        if (part.kind !== 'file' || part.name !== 'file' || created) {
          if (part.kind === 'file') await drain(part.stream);
          continue;
        }
        created = await this.storeImport(manager, actor, appId, part.stream);
      }
      if (!created) throw fieldError('file', JobMessage.importNoFile);
      return created;
    });
    await this.enqueue(job);
    return toJob(job);
  }

  async list(appId: string, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_JOBS, [appId], { offset, limit }, toJob);
  }

  async get(appId: string, jobId: string): Promise<Job> {
    const job = await findJob(this.dataSource, appId, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    return job;
  }

  /**
   * Asks the job to stop: the worker ends it as `cancelled` before its next
   * batch (a queued job before its first). The request is audited as the
   * change of whoever made it (`admin.job.cancel`), with the job's creator in
   * its details; the job's own entry when it ends still names who started it.
   * A finished job, or one already asked to stop, is answered as it is.
   */
  async cancel(actor: Actor, appId: string, jobId: string): Promise<Job> {
    const requested = await this.dataSource.transaction(async (manager) => {
      const [job] = await sqlRows<JobRow>(manager, REQUEST_CANCEL, [jobId, appId]);
      if (job) {
        await this.audit.write(manager, [
          adminChange(actor, appId, 'admin.job.cancel', {
            jobId: job.id,
            jobType: job.type,
            status: job.status,
            createdBy: { accountId: job.created_by, email: job.created_by_email },
          }),
        ]);
      }
      return job;
    });
    return requested ? toJob(requested) : this.get(appId, jobId);
  }

  private async storeImport(
    manager: EntityManager,
    actor: Actor,
    appId: string,
    file: AsyncIterable<Buffer>,
  ): Promise<JobRow> {
    const job = await insertJob(manager, actor, appId, 'licenses.import');
    let rows = 0;
    for await (const batch of importRowBatches(file, IMPORT_INSERT_BATCH)) {
      rows += batch.length;
      await sqlRows(manager, INSERT_IMPORT_ROWS, [
        job.id,
        batch.map((row) => row.line),
        batch.map((row) => row.key),
        batch.map((row) => row.level),
        batch.map((row) => row.duration),
        batch.map((row) => row.note),
      ]);
    }
    return setJobTotal(manager, job.id, rows);
  }

  private async enqueue(job: JobRow): Promise<void> {
    await queueJobs(this.queue, [job.id]).catch((err: Error) =>
      this.logger.warn(`bulk job ${job.id} not queued, the worker's sweep will: ${err.message}`),
    );
  }
}
