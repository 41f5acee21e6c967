import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource, Repository } from 'typeorm';
import type {
  CreatedWebhook,
  EventName,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookTestResult,
} from '@latchkey/contracts';
import { isUuid, pageOffset } from '../../common/admin-response.js';
import { encryptWithMasterKey } from '../../common/crypto.js';
import { AppError, validationError } from '../../common/errors.js';
import { iso } from '../../common/iso.js';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { findNonPublicAddress } from './address-guard.js';
import { queueDeliveryNow, scheduledAttempts } from '../events/delivery-queue.js';
import { generateWebhookSecret } from './signature.js';
import { DisabledReason, disableWebhook } from './webhook-disabling.js';
import { WebhookEntity } from './webhook.entity.js';
import type { AttemptRow, DeliveryRow } from './webhook.rows.js';
import type { CreateWebhookDto, ListDeliveriesQuery, UpdateWebhookDto } from './webhooks.dto.js';

const TEST_MESSAGE = 'This is a test event from Latchkey';

const DELIVERY_COLUMNS = `d.id, e.name AS event, d.status, d.attempts, d.last_status_code, d.last_error,
  d.created_at, d.delivered_at, d.next_attempt_at`;

/** Webhooks of an app and their deliveries, for the app's owner. */
@Injectable()
export class WebhooksService {
  private readonly masterKey: Buffer;
  private readonly allowPrivateUrls: boolean;
  private readonly scheduledAttempts: number;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {
    this.masterKey = Buffer.from(config.MASTER_KEY, 'base64');
    this.allowPrivateUrls = config.WEBHOOK_ALLOW_PRIVATE_URLS;
    this.scheduledAttempts = scheduledAttempts(config.WEBHOOK_RETRY_DELAYS);
  }

  async create(actor: Actor, appId: string, dto: CreateWebhookDto): Promise<CreatedWebhook> {
    await this.checkUrl(dto.url);
    const secret = generateWebhookSecret();
    const webhook = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(WebhookEntity, {
          appId,
          url: dto.url,
          events: unique(dto.events),
          secretSealed: encryptWithMasterKey(this.masterKey, Buffer.from(secret)),
          enabled: true,
          disabledReason: null,
          failingSince: null,
        }),
      );
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.webhook.create', {
          webhookId: saved.id,
          url: saved.url,
          events: saved.events,
        }),
      ]);
      return saved;
    });
    return { ...toWebhook(webhook), secret };
  }

  async list(appId: string, offset: number, limit: number) {
    const [rows, total] = await this.webhooks.findAndCount({
      where: { appId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
    return { items: rows.map(toWebhook), total };
  }

  async get(appId: string, webhookId: string): Promise<Webhook> {
    return toWebhook(await this.findInApp(appId, webhookId));
  }

  async update(actor: Actor, appId: string, webhookId: string, dto: UpdateWebhookDto): Promise<Webhook> {
    const webhook = await this.findInApp(appId, webhookId);
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    await this.dataSource.transaction(async (manager) => {
      const changes: Partial<WebhookEntity> = {};
      if (dto.url !== undefined) changes.url = dto.url;
      if (dto.events !== undefined) changes.events = unique(dto.events);
      if (dto.enabled === true && !webhook.enabled) {
        Object.assign(changes, { enabled: true, disabledReason: null, failingSince: null });
      }
      if (Object.keys(changes).length > 0) await manager.update(WebhookEntity, { id: webhook.id }, changes);
      if (dto.enabled === false && webhook.enabled) await disableWebhook(manager, webhook.id, DisabledReason.byOwner);
      await this.audit.write(manager, [
        adminChange(actor, webhook.appId, 'admin.webhook.update', {
          webhookId: webhook.id,
          ...(dto.url !== undefined && { url: dto.url }),
          ...(dto.events !== undefined && { events: unique(dto.events) }),
          ...(dto.enabled !== undefined && { enabled: dto.enabled }),
        }),
      ]);
    });
    return toWebhook(await this.webhooks.findOneByOrFail({ id: webhook.id }));
  }

  async remove(actor: Actor, appId: string, webhookId: string): Promise<void> {
    const webhook = await this.findInApp(appId, webhookId);
    await this.dataSource.transaction(async (manager) => {
      // Its deliveries go with it; jobs still queued find no row and end.
      await manager.delete(WebhookEntity, { id: webhook.id });
      await this.audit.write(manager, [
        adminChange(actor, webhook.appId, 'admin.webhook.delete', { webhookId: webhook.id, url: webhook.url }),
      ]);
    });
  }

  /**
   * Records a `test` event and one delivery of it to this webhook only (no
   * webhook can subscribe to `test`), queued like any other after commit.
   * A disabled webhook can be tested too, to check it before turning it on.
   */
  async test(actor: Actor, appId: string, webhookId: string): Promise<WebhookTestResult> {
    const webhook = await this.findInApp(appId, webhookId);
    const event = domainEvent('test', webhook.appId, {
      message: TEST_MESSAGE,
      appId: webhook.appId,
      webhookId: webhook.id,
    });
    const deliveryId = await this.dataSource.transaction(async (manager) => {
      const { eventIds } = await this.events.write(manager, [event]);
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO webhook_deliveries (event_id, webhook_id) VALUES ($1, $2) RETURNING id`,
        [eventIds[0], webhook.id],
      );
      await this.audit.write(manager, [
        adminChange(actor, webhook.appId, 'admin.webhook.test', { webhookId: webhook.id, deliveryId: rows[0]!.id }),
      ]);
      return rows[0]!.id;
    });
    await this.events.afterCommit([deliveryId]);
    return { deliveryId };
  }

  async deliveries(appId: string, webhookId: string, query: ListDeliveriesQuery) {
    const webhook = await this.findInApp(appId, webhookId);
    const filter = query.status ? 'AND d.status = $2' : '';
    const params: unknown[] = query.status ? [webhook.id, query.status] : [webhook.id];
    const [rows, counts]: [DeliveryRow[], Array<{ total: number }>] = await Promise.all([
      this.dataSource.query(
        `SELECT ${DELIVERY_COLUMNS}
           FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
          WHERE d.webhook_id = $1 ${filter}
          ORDER BY d.created_at DESC, d.id DESC
          LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
        params,
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM webhook_deliveries d WHERE d.webhook_id = $1 ${filter}`,
        params,
      ),
    ]);
    const attempts = await this.attemptsOf(rows.map((r) => r.id));
    return { items: rows.map((r) => toDelivery(r, attempts.get(r.id) ?? [])), total: counts[0]!.total };
  }

  /**
   * Sends a delivery again now. A pending one keeps its remaining attempts
   * and just stops waiting; a settled one (failed, or succeeded and replayed)
   * gets one more attempt, with the same `webhook-id` so receivers can tell.
   */
  async retry(actor: Actor, appId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.findInApp(appId, webhookId);
    if (!isUuid(deliveryId)) throw new AppError('NOT_FOUND');
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

  /** The webhook, when it belongs to the app; anything else is "not found". */
  private async findInApp(appId: string, webhookId: string): Promise<WebhookEntity> {
    const webhook = isUuid(webhookId) ? await this.webhooks.findOneBy({ id: webhookId, appId }) : null;
    if (!webhook) throw new AppError('NOT_FOUND');
    return webhook;
  }

  /**
   * Beyond the DTO's syntax check: a URL fetch can use (no credentials in
   * it), whose host is not, and does not resolve to, a private address.
   * Deliveries check again on the address they connect to.
   */
  private async checkUrl(raw: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw validationError(['url must be an http or https URL']);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw validationError(['url must be an http or https URL']);
    if (url.username || url.password) throw validationError(['url must not contain a user name or password']);
    if (this.allowPrivateUrls) return;
    const address = await findNonPublicAddress(url.hostname);
    if (address) {
      throw validationError([`url must point to a public address (${url.hostname} is or resolves to ${address})`]);
    }
  }
}

function unique(events: EventName[]): EventName[] {
  return [...new Set(events)];
}

export function toWebhook(webhook: WebhookEntity): Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.enabled,
    disabledReason: webhook.disabledReason,
    createdAt: webhook.createdAt.toISOString(),
  };
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
