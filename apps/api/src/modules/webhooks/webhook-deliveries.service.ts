import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '@latchkey/contracts';
import { pageOffset } from '../../common/admin-response.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { queueDeliveryNow, scheduledAttempts } from '../events/delivery-queue.js';
import {
  type AttemptRow,
  ATTEMPTS_OF,
  type DeliveryRow,
  GET_DELIVERY,
  listDeliveries,
  RETRY_DELIVERY,
} from './webhooks.queries.js';
import type { ListDeliveriesQuery } from './webhooks.dto.js';
import { WebhooksService } from './webhooks.service.js';

/** The deliveries of an app's webhooks, with their attempts, and sending one again. */
@Injectable()
export class WebhookDeliveriesService {
  private readonly scheduledAttempts: number;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue,
    private readonly webhooks: WebhooksService,
    private readonly audit: AuditService,
  ) {
    this.scheduledAttempts = scheduledAttempts(config.WEBHOOK_RETRY_DELAYS);
  }

  async list(appId: string, webhookId: string, query: ListDeliveriesQuery) {
    const webhook = await this.webhooks.findInApp(appId, webhookId);
    const params: unknown[] = query.status ? [webhook.id, query.status] : [webhook.id];
    const page = await sqlPage<DeliveryRow>(this.dataSource, listDeliveries(query.status !== undefined), params, {
      offset: pageOffset(query),
      limit: query.limit,
    });
    const attempts = await this.attemptsOf(page.items.map((r) => r.id));
    return { ...page, items: page.items.map((r) => toDelivery(r, attempts.get(r.id) ?? [])) };
  }

  /**
   * Sends a delivery again now. A pending one keeps its remaining attempts
   * and just stops waiting; a settled one (failed, or succeeded and replayed)
   * gets one more attempt, with the same `webhook-id` so receivers can tell.
   */
  async retry(actor: Actor, appId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.webhooks.findInApp(appId, webhookId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows<{ remaining: number }>(manager, RETRY_DELIVERY, [
        deliveryId,
        webhook.id,
        this.scheduledAttempts,
      ]);
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, webhook.app_id, 'admin.webhook.retry', { webhookId: webhook.id, deliveryId }),
      ]);
      return rows[0];
    });
    await queueDeliveryNow(this.queue, { id: deliveryId, remainingAttempts: updated.remaining });
    return this.findDelivery(deliveryId);
  }

  private async findDelivery(deliveryId: string): Promise<WebhookDelivery> {
    const rows = await sqlRows<DeliveryRow>(this.dataSource, GET_DELIVERY, [deliveryId]);
    if (!rows[0]) throw new AppError('NOT_FOUND');
    const attempts = await this.attemptsOf([deliveryId]);
    return toDelivery(rows[0], attempts.get(deliveryId) ?? []);
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, WebhookDeliveryAttempt[]>> {
    const byDelivery = new Map<string, WebhookDeliveryAttempt[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await sqlRows<AttemptRow>(this.dataSource, ATTEMPTS_OF, [deliveryIds]);
    for (const row of rows) {
      const list = byDelivery.get(row.delivery_id) ?? [];
      list.push({
        number: row.number,
        startedAt: row.started_at.toISOString(),
        durationMs: row.duration_ms,
        statusCode: row.status_code,
        error: row.error,
        responseBody: row.response_body,
      });
      byDelivery.set(row.delivery_id, list);
    }
    return byDelivery;
  }
}

function toDelivery(row: DeliveryRow, attemptDetails: WebhookDeliveryAttempt[]): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    deliveredAt: iso(row.delivered_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    attemptDetails,
  };
}
