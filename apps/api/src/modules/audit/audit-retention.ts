import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../common/periodic-task.js';
import { Config } from '../../config/config.js';
import { AuditService } from './audit.service.js';

/** Pruning runs at start and then this often; the retention is counted in days, so hourly is precise enough. */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Deletes audit entries older than AUDIT_RETENTION_DAYS (0 keeps them
 * forever). Runs in every worker: the deletes are idempotent, so workers
 * pruning at the same time only wait on each other's row locks.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditRetention.name);
  private readonly pruning = new PeriodicTask('audit pruning', PRUNE_INTERVAL_MS, () => this.prune(), this.logger);

  constructor(
    private readonly config: Config,
    private readonly audit: AuditService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.AUDIT_RETENTION_DAYS === 0) return;
    this.pruning.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.pruning.stop();
  }

  private async prune(): Promise<void> {
    const deleted = await this.audit.prune(this.config.AUDIT_RETENTION_DAYS);
    if (deleted > 0)
      this.logger.log(`pruned ${deleted} audit entries older than ${this.config.AUDIT_RETENTION_DAYS} days`);
  }
}
