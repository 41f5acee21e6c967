import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { JobProcessor } from './job.processor.js';
import { JobRunner } from './job-runner.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';
import { KeyAuthImportController } from './keyauth-import.controller.js';
import { KeyAuthImportService } from './keyauth-import.service.js';

/** The admin API of bulk jobs (HTTP process). */
@Module({
  imports: [AccountsModule, AppsModule],
  controllers: [JobsController, KeyAuthImportController],
  providers: [JobsService, KeyAuthImportService],
})
export class JobsModule {}

/** The worker side of bulk jobs: the runner, its BullMQ worker and the sweep. Never in the HTTP process. */
@Module({ providers: [JobRunner, JobProcessor] })
export class JobWorkerModule {}
