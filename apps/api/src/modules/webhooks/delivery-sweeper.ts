import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { overdueDeliveries } from './webhooks.queries.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import { queueDeliveries, scheduledAttempts } from '../events/delivery-queue.js';

/** Deliveries read and queued per round trip. */
const SWEEP_BATCH = 500;

/**
 * Queues again every delivery still pending well after it was due. A
 * delivery is overdue when its job was lost: the API process died between
 * commit and queueing, Redis restarted without its data, or a job was
 * dropped after an unexpected error. Queueing one that still has a job is a
 * no-op (job id = delivery id), so the sweep needs no knowledge of Redis.
 *
 * A timer in each worker process rather than a BullMQ job scheduler: the
 * scheduler lives in Redis and would vanish in the very restart it must
 * recover from.
 */
@Injectable()
export class DeliverySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliverySweeper.name);
  private readonly scheduledAttempts: number;
  private readonly intervalMs: number;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue,
  ) {
    this.scheduledAttempts = scheduledAttempts(config.WEBHOOK_RETRY_DELAYS);
    this.intervalMs = config.WEBHOOK_SWEEP_INTERVAL_MS;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private tick(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .catch((err: Error) => this.logger.warn(`webhook sweep failed: ${err.message}`))
      .finally(() => (this.sweeping = undefined));
  }

  /** Overdue = due more than one sweep interval ago, which leaves fresh deliveries to their own queueing. */
  private async sweep(): Promise<void> {
    let afterId: string | null = null;
    for (;;) {
      const rows: Array<{ id: string; remaining: number }> = await sqlRows(
        this.dataSource,
        overdueDeliveries(SWEEP_BATCH),
        [this.intervalMs, this.scheduledAttempts, afterId],
      );
      await queueDeliveries(
        this.queue,
        rows.map((r) => ({ id: r.id, remainingAttempts: r.remaining })),
      );
      if (rows.length < SWEEP_BATCH) return;
      afterId = rows[rows.length - 1]!.id;
    }
  }
}
