import { Module, type DynamicModule } from '@nestjs/common';
import { coreModules } from './app.module.js';
import { QueueModule } from './common/queue.module.js';
import type { Config } from './config/config.js';
import { AuditRetentionModule } from './modules/audit/audit.module.js';
import { WorkerHealthModule } from './modules/health/health.module.js';
import { JobWorkerModule } from './modules/jobs/jobs.module.js';
import { KeyAuthImportWorkerModule } from './modules/keyauth/import/keyauth-import-worker.module.js';
import { PortalSweeperModule } from './modules/portal/portal.module.js';
import { OrderEmailWorkerModule } from './modules/store/order-email-worker.module.js';
import { WebhookWorkerModule } from './modules/webhooks/webhook-worker.module.js';

/**
 * The worker process: BullMQ processors (webhook deliveries, bulk jobs, among
 * them the KeyAuth import's preview and commit, order emails) and
 * housekeeping (audit retention, the portal's expired sessions and codes); no HTTP but its probes' listener (WORKER_HEALTH_PORT).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...coreModules(config),
        QueueModule,
        AuditRetentionModule,
        WebhookWorkerModule,
        JobWorkerModule,
        KeyAuthImportWorkerModule,
        OrderEmailWorkerModule,
        PortalSweeperModule,
        WorkerHealthModule,
      ],
    };
  }
}
