import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { JobOperationsRegistry } from './job-operations-registry.js';
import { JobProcessor } from './job.processor.js';
import { JobRunner } from './job-runner.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

/** The admin API of bulk jobs (HTTP process). */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule {}

/**
 * The worker side of bulk jobs: the runner, its BullMQ worker and the sweep. Never in the HTTP process.
 * Modules with job types of their own import it to register their operations (JobOperationsRegistry).
 */
@Module({ providers: [JobOperationsRegistry, JobRunner, JobProcessor], exports: [JobOperationsRegistry] })
export class JobWorkerModule {}
