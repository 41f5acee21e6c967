import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { WebhookDeliveryStatus } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { decryptWithMasterKey } from '../../common/crypto.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import { scheduledAttempts, type DeliveryJobData } from '../events/delivery-queue.js';
import { classifyAttempt, retryDelayAfter, type AttemptOutcome } from './delivery-outcome.js';
import { buildDeliveryRequest } from './delivery-request.js';
import { DeliverySender, type AttemptResult } from './delivery-sender.js';
import { deliveryAttempts, deliveryAttemptSeconds } from './webhook-metrics.js';
import { RetryLater, retryBackoff } from './delivery-retry.js';
import { DisabledReason, disableWebhook, FAILING_DAYS_BEFORE_DISABLE } from './webhook-disabling.js';
import {
  CLAIM_OUTGOING_DELIVERY,
  COUNT_ATTEMPT,
  INSERT_ATTEMPT,
  LOCK_DELIVERY,
  type LockedDeliveryRow,
  type OutgoingDeliveryRow,
  SETTLE_ATTEMPT,
  WEBHOOK_FAILING,
  WEBHOOK_RECOVERED,
} from './webhooks.queries.js';

/**
 * Time an attempt's claim leaves for recording its outcome after the exchange's
 * time-out. With the default time-out (10 s) the claim ends before BullMQ's
 * 30 s job lock, so the job of a crashed worker is sent again as soon as
 * BullMQ hands it to another worker; with a longer one, the sweeper sends it.
 */
const RECORDING_MARGIN_MS = 15_000;

/**
 * Sends webhook deliveries; runs in the worker process only. Each job is one
 * attempt: post, record the attempt, settle or schedule the delivery, and
 * keep the webhook's health (disable on 410 or after 5 days of failures).
 * PostgreSQL holds the attempt count and the outcome, so a job that runs
 * twice (after a crash) or is queued again (after a Redis restart) finds the
 * delivery as it is and carries on from there; an attempt claims its delivery
 * until it is recorded, so a second job never sends it at the same time.
 *
 * Started by hand (`autorun: false`) once the configured concurrency is set.
 */
@Processor(WEBHOOK_QUEUE, { autorun: false, settings: { backoffStrategy: retryBackoff } })
export class DeliveryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeliveryProcessor.name);
  private readonly masterKey: Buffer;
  private readonly scheduledAttempts: number;
  /** How long an attempt holds its delivery: the whole exchange's time-out, and time to record it. */
  private readonly claimMs: number;

  constructor(
    private readonly config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sender: DeliverySender,
  ) {
    super();
    this.masterKey = config.masterKey;
    this.scheduledAttempts = scheduledAttempts(config.WEBHOOK_RETRY_DELAYS);
    this.claimMs = config.WEBHOOK_DELIVERY_TIMEOUT_MS + RECORDING_MARGIN_MS;
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.WEBHOOK_CONCURRENCY;
    this.worker.run().catch((err: Error) => this.logger.error(`webhook worker stopped: ${err.message}`));
  }

  @OnWorkerEvent('error')
  onWorkerError(err: Error): void {
    this.logger.warn(`webhook worker: ${err.message}`);
  }

  /** A RetryLater is the normal way to schedule a retry; anything else is a fault worth a log line. */
  @OnWorkerEvent('failed')
  onJobFailed(job: Job<DeliveryJobData> | undefined, err: Error): void {
    if (err instanceof RetryLater) return;
    this.logger.error(
      `webhook delivery ${job?.data.deliveryId ?? '?'} failed, the sweeper will queue it again: ${err.message}`,
    );
  }

  async process(job: Job<DeliveryJobData>): Promise<void> {
    const delivery = await this.claim(job.data.deliveryId);
    // Deleted with its webhook, settled already (a duplicate job, or failed when its webhook was disabled),
    // or in flight in another job: that attempt settles it, or the sweeper queues it again once its claim ends.
    if (!delivery) return;

    const outgoing = buildDeliveryRequest(
      {
        deliveryId: delivery.id,
        url: delivery.url,
        secret: decryptWithMasterKey(this.masterKey, delivery.secret_sealed).toString('utf8'),
        event: delivery.event,
        data: delivery.data,
        occurredAt: delivery.occurred_at,
      },
      this.config.DISCORD_API_ORIGIN,
    );
    const startedAt = new Date();
    const result = await this.sender.post(outgoing.url, outgoing.body, outgoing.headers);
    const outcome = classifyAttempt(result, { discord: outgoing.discord });
    const retryInMs = await this.record(delivery, startedAt, result, outcome);
    deliveryAttemptSeconds.observe(result.durationMs / 1000);
    deliveryAttempts
      .labels(outcome.kind === 'succeeded' ? 'succeeded' : retryInMs !== null ? 'retrying' : 'failed')
      .inc();
    if (retryInMs !== null && outcome.kind === 'retry') throw new RetryLater(outcome.error, retryInMs);
  }

  private async claim(deliveryId: string): Promise<OutgoingDeliveryRow | undefined> {
    const rows = await sqlRows<OutgoingDeliveryRow>(this.dataSource, CLAIM_OUTGOING_DELIVERY, [
      deliveryId,
      this.claimMs,
    ]);
    return rows[0];
  }

  /** Records the attempt and its consequences; returns the wait before the next attempt, or null when settled. */
  private record(
    delivery: OutgoingDeliveryRow,
    startedAt: Date,
    result: AttemptResult,
    outcome: AttemptOutcome,
  ): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => {
      const locked = await sqlRows<LockedDeliveryRow>(manager, LOCK_DELIVERY, [delivery.id]);
      const current = locked[0];
      if (!current) return null;
      const attempt = current.attempts + 1;
      await sqlRows(manager, INSERT_ATTEMPT, [
        delivery.id,
        attempt,
        startedAt,
        result.durationMs,
        result.statusCode,
        outcome.kind === 'succeeded' ? null : outcome.error,
        result.responseBody,
      ]);
      if (current.status !== 'pending') {
        // Settled while this attempt was in flight (its webhook was disabled): keep that outcome.
        await sqlRows(manager, COUNT_ATTEMPT, [delivery.id, attempt]);
        return null;
      }

      const webhookDisabled = current.webhook_enabled
        ? await this.updateWebhookHealth(manager, delivery, result, outcome)
        : true;
      const limit = current.attempt_limit ?? this.scheduledAttempts;
      const retryInMs =
        outcome.kind === 'retry' && !webhookDisabled && attempt < limit
          ? (outcome.retryAfterMs ?? retryDelayAfter(this.config.WEBHOOK_RETRY_DELAYS, attempt))
          : null;
      const status: WebhookDeliveryStatus =
        outcome.kind === 'succeeded' ? 'succeeded' : retryInMs !== null ? 'pending' : 'failed';
      await sqlRows(manager, SETTLE_ATTEMPT, [
        delivery.id,
        attempt,
        status,
        result.statusCode,
        outcome.kind === 'succeeded' ? null : outcome.error,
        retryInMs ?? 0,
      ]);
      return retryInMs;
    });
  }

  /**
   * A success clears the webhook's failing streak; a failure starts it or,
   * once it is 5 days old, disables the webhook, as does a "gone" answer.
   * Returns whether the webhook is now disabled.
   */
  private async updateWebhookHealth(
    manager: EntityManager,
    delivery: OutgoingDeliveryRow,
    result: AttemptResult,
    outcome: AttemptOutcome,
  ): Promise<boolean> {
    if (outcome.kind === 'succeeded') {
      await sqlRows(manager, WEBHOOK_RECOVERED, [delivery.webhook_id]);
      return false;
    }
    let reason: string | null = null;
    if (outcome.kind === 'gone') reason = DisabledReason.gone(result.statusCode!);
    else {
      const rows = await sqlRows<{ expired: boolean }>(manager, WEBHOOK_FAILING, [
        delivery.webhook_id,
        FAILING_DAYS_BEFORE_DISABLE,
      ]);
      if (rows[0]?.expired) reason = DisabledReason.failingFor5Days;
    }
    if (reason === null) return false;
    await disableWebhook(manager, delivery.webhook_id, reason, delivery.id);
    this.logger.warn(`webhook ${delivery.webhook_id} disabled: ${reason}`);
    return true;
  }
}
