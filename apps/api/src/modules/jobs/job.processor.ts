import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, type Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { JOB_QUEUE } from '../../common/queue.module.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { queueJobs, type JobRunData } from './job-queue.js';
import { JobRunner } from './job-runner.js';
import { UNFINISHED_JOBS } from './jobs.queries.js';

/** How often the worker queues again the jobs PostgreSQL says are not finished. */
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 100;

/**
 * Runs bulk jobs in the worker process, one at a time per process (each is
 * heavy on the database). The BullMQ worker is made here rather than through
 * `@Processor`, whose options are fixed at compile time, so that the lock a
 * running job holds (BULK_JOB_LOCK_MS) is configurable: a worker that dies
 * loses the lock after that long and BullMQ hands the job to another worker,
 * which resumes it from its committed cursor (JobRunner).
 *
 * A sweep on start and every 30 s queues again every job still queued or
 * running in PostgreSQL: one whose BullMQ job was lost (the API died between
 * commit and queueing, Redis restarted) runs again; one that has its BullMQ
 * job is left alone (same job id).
 */
@Injectable()
export class JobProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobProcessor.name);
  private worker?: Worker<JobRunData>;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(JOB_QUEUE) private readonly queue: Queue,
    private readonly runner: JobRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<JobRunData>(JOB_QUEUE, (job: Job<JobRunData>) => this.runner.run(job.data.jobId), {
      connection: this.queue.opts.connection,
      prefix: this.queue.opts.prefix,
      concurrency: 1,
      lockDuration: this.config.BULK_JOB_LOCK_MS,
      stalledInterval: this.config.BULK_JOB_LOCK_MS,
    });
    this.worker.on('error', (err: Error) => this.logger.warn(`bulk job worker: ${err.message}`));
    this.timer = setInterval(() => this.tick(), SWEEP_INTERVAL_MS);
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.runner.stop();
    await this.sweeping;
    await this.worker?.close();
  }

  private tick(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .catch((err: Error) => this.logger.warn(`bulk job sweep failed: ${err.message}`))
      .finally(() => (this.sweeping = undefined));
  }

  private async sweep(): Promise<void> {
    const rows = await sqlRows<{ id: string }>(this.dataSource, UNFINISHED_JOBS, [SWEEP_BATCH]);
    await queueJobs(
      this.queue,
      rows.map((row) => row.id),
    );
  }
}
