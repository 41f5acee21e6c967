import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRIC_PREFIX } from '../../common/metrics.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { sqlRows } from '../../common/sql.js';
import { OLDEST_DUE_DELIVERY_WAIT } from './webhooks.queries.js';

/** Delivery attempts by outcome. */
export const deliveryAttempts = new Counter({
  name: `${METRIC_PREFIX}webhook_delivery_attempts_total`,
  help: 'Webhook delivery attempts by outcome: succeeded, retrying (to be tried again), failed (given up)',
  labelNames: ['outcome'] as const,
});

/** How long receivers take to answer (connection to the first 2 KiB of the answer). */
export const deliveryAttemptSeconds = new Histogram({
  name: `${METRIC_PREFIX}webhook_delivery_attempt_duration_seconds`,
  help: 'Time of one webhook delivery attempt, up to WEBHOOK_DELIVERY_TIMEOUT_MS',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** The BullMQ states a delivery job waits or runs in. */
const QUEUE_STATES = ['waiting', 'delayed', 'active', 'prioritized', 'waiting-children', 'failed'] as const;

/**
 * The webhook queue's depth and the wait of its oldest due delivery, read on
 * each scrape (BullMQ's counts; one index entry in PostgreSQL). In the worker
 * only: WebhookWorkerModule.
 */
@Injectable()
export class WebhookQueueMetrics implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    const { queue, dataSource } = this;
    new Gauge({
      name: `${METRIC_PREFIX}webhook_queue_jobs`,
      help: 'Webhook delivery jobs in the BullMQ queue by state (waiting, delayed, active, prioritized, failed, ...)',
      labelNames: ['state'] as const,
      async collect() {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.labels(state).set(counts[state] ?? 0);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}webhook_oldest_due_delivery_seconds`,
      help: 'Seconds the longest-waiting pending delivery is past its due time (0 when none is due): the backlog',
      async collect() {
        const rows = await sqlRows<{ seconds: number }>(dataSource, OLDEST_DUE_DELIVERY_WAIT, []);
        this.set(rows[0]?.seconds ?? 0);
      },
    });
  }
}
