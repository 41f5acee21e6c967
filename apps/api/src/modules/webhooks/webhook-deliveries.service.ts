import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '@latchkey/contracts';
import { pageOffset } from '../../common/admin-response.js';
import { sqlPage } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { queueDeliveryNow, scheduledAttempts } from '../events/delivery-queue.js';
import type { AttemptRow, DeliveryRow } from './webhook.rows.js';
import type { ListDeliveriesQuery } from './webhooks.dto.js';
import { WebhooksService } from './webhooks.service.js';

const DELIVERY_COLUMNS = `d.id, e.name AS event, d.status, d.attempts, d.last_status_code, d.last_error,
  d.created_at, d.delivered_at, d.next_attempt_at`;

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
    const filter = query.status ? 'AND d.status = $2' : '';
    const params: unknown[] = query.status ? [webhook.id, query.status] : [webhook.id];
    const list = {
      select: DELIVERY_COLUMNS,
      from: `webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.webhook_id = $1 ${filter}`,
      countFrom: `webhook_deliveries d WHERE d.webhook_id = $1 ${filter}`,
      orderBy: 'd.created_at DESC, d.id DESC',
    };
    const page = await sqlPage<DeliveryRow>(this.dataSource, list, params, {
      offset: pageOffset(query),
      limit: query.limit,
    });
    const attempts = await this.attemptsOf(page.items.map((r) => r.id));
    return { items: page.items.map((r) => toDelivery(r, attempts.get(r.id) ?? [])), total: page.total };
  }

  /**
   * Sends a delivery again now. A pending one keeps its remaining attempts
   * and just stops waiting; a settled one (failed, or succeeded and replayed)
   * gets one more attempt, with the same `webhook-id` so receivers can tell.
   */
  async retry(actor: Actor, appId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.webhooks.findInApp(appId, webhookId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const rows: Array<{ remaining: number }> = await manager.query(
        `WITH retried AS (
           UPDATE webhook_deliveries
              SET attempt_limit = CASE WHEN status = 'pending' THEN attempt_limit ELSE attempts + 1 END,
                  status = 'pending', next_attempt_at = now(), delivered_at = NULL
            WHERE id = $1 AND webhook_id = $2
           RETURNING attempt_limit, attempts)
         SELECT COALESCE(attempt_limit, $3) - attempts AS remaining FROM retried`,
        [deliveryId, webhook.id, this.scheduledAttempts],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, webhook.appId, 'admin.webhook.retry', { webhookId: webhook.id, deliveryId }),
      ]);
      return rows[0];
    });
    await queueDeliveryNow(this.queue, { id: deliveryId, remainingAttempts: updated.remaining });
    return this.findDelivery(deliveryId);
  }

  private async findDelivery(deliveryId: string): Promise<WebhookDelivery> {
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = $1`,
      [deliveryId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND');
    const attempts = await this.attemptsOf([deliveryId]);
    return toDelivery(rows[0], attempts.get(deliveryId) ?? []);
  }

  private async attemptsOf(deliveryIds: string[]): Promise<Map<string, WebhookDeliveryAttempt[]>> {
    const byDelivery = new Map<string, WebhookDeliveryAttempt[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows: AttemptRow[] = await this.dataSource.query(
      `SELECT delivery_id, number, started_at, duration_ms, status_code, error, response_body
         FROM webhook_delivery_attempts WHERE delivery_id = ANY ($1::uuid[]) ORDER BY delivery_id, number`,
      [deliveryIds],
    );
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
