import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CreatedWebhook, EventName, Webhook, WebhookTestResult } from '@latchkey/contracts';
import { encryptWithMasterKey } from '../../common/crypto.js';
import { AppError, fieldError } from '../../common/errors.js';
import { Config } from '../../config/config.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { findNonPublicAddress } from './address-guard.js';
import { generateWebhookSecret } from './signature.js';
import { DisabledReason, disableWebhook } from './webhook-disabling.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import {
  DELETE_WEBHOOK,
  GET_WEBHOOK,
  INSERT_DELIVERY,
  INSERT_WEBHOOK,
  LIST_WEBHOOKS,
  UPDATE_WEBHOOK,
  type WebhookRow,
} from './webhooks.queries.js';
import type { CreateWebhookDto, UpdateWebhookDto } from './webhooks.dto.js';

const TEST_MESSAGE = 'This is a test event from Latchkey';

/** Webhooks of an app, for the app's owner; their deliveries are WebhookDeliveriesService's. */
@Injectable()
export class WebhooksService {
  private readonly masterKey: Buffer;
  private readonly allowPrivateUrls: boolean;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {
    this.masterKey = config.masterKey;
    this.allowPrivateUrls = config.WEBHOOK_ALLOW_PRIVATE_URLS;
  }

  async create(actor: Actor, appId: string, dto: CreateWebhookDto): Promise<CreatedWebhook> {
    await this.checkUrl(dto.url);
    const secret = generateWebhookSecret();
    const webhook = await this.dataSource.transaction(async (manager) => {
      const [saved] = await sqlRows<WebhookRow>(manager, INSERT_WEBHOOK, [
        appId,
        dto.url,
        unique(dto.events),
        encryptWithMasterKey(this.masterKey, Buffer.from(secret)),
      ]);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.webhook.create', {
          webhookId: saved!.id,
          url: saved!.url,
          events: saved!.events,
        }),
      ]);
      return saved!;
    });
    return { ...toWebhook(webhook), secret };
  }

  async list(appId: string, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_WEBHOOKS, [appId], { offset, limit }, toWebhook);
  }

  async get(appId: string, webhookId: string): Promise<Webhook> {
    return toWebhook(await this.findInApp(appId, webhookId));
  }

  async update(actor: Actor, appId: string, webhookId: string, dto: UpdateWebhookDto): Promise<Webhook> {
    const webhook = await this.findInApp(appId, webhookId);
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    await this.dataSource.transaction(async (manager) => {
      const enable = dto.enabled === true && !webhook.enabled;
      if (dto.url !== undefined || dto.events !== undefined || enable) {
        const events = dto.events === undefined ? null : unique(dto.events);
        await sqlRows(manager, UPDATE_WEBHOOK, [webhook.id, dto.url ?? null, events, enable]);
      }
      if (dto.enabled === false && webhook.enabled) await disableWebhook(manager, webhook.id, DisabledReason.byOwner);
      await this.audit.write(manager, [
        adminChange(actor, webhook.app_id, 'admin.webhook.update', {
          webhookId: webhook.id,
          ...(dto.url !== undefined && { url: dto.url }),
          ...(dto.events !== undefined && { events: unique(dto.events) }),
          ...(dto.enabled !== undefined && { enabled: dto.enabled }),
        }),
      ]);
    });
    return toWebhook(await this.findInApp(appId, webhook.id));
  }

  async remove(actor: Actor, appId: string, webhookId: string): Promise<void> {
    const webhook = await this.findInApp(appId, webhookId);
    await this.dataSource.transaction(async (manager) => {
      // Its deliveries go with it; jobs still queued find no row and end.
      await sqlRows(manager, DELETE_WEBHOOK, [webhook.id]);
      await this.audit.write(manager, [
        adminChange(actor, webhook.app_id, 'admin.webhook.delete', { webhookId: webhook.id, url: webhook.url }),
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
    const event = domainEvent('test', webhook.app_id, {
      message: TEST_MESSAGE,
      appId: webhook.app_id,
      webhookId: webhook.id,
    });
    const deliveryId = await this.dataSource.transaction(async (manager) => {
      const { eventIds } = await this.events.write(manager, [event]);
      const rows = await sqlRows<{ id: string }>(manager, INSERT_DELIVERY, [eventIds[0], webhook.id]);
      await this.audit.write(manager, [
        adminChange(actor, webhook.app_id, 'admin.webhook.test', { webhookId: webhook.id, deliveryId: rows[0]!.id }),
      ]);
      return rows[0]!.id;
    });
    await this.events.afterCommit([deliveryId]);
    return { deliveryId };
  }

  /** The webhook, when it belongs to the app; anything else is "not found". */
  async findInApp(appId: string, webhookId: string): Promise<WebhookRow> {
    const [webhook] = await sqlRows<WebhookRow>(this.dataSource, GET_WEBHOOK, [webhookId, appId]);
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
      throw fieldError('url', 'url must be an http or https URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw fieldError('url', 'url must be an http or https URL');
    if (url.username || url.password) throw fieldError('url', 'url must not contain a user name or password');
    if (this.allowPrivateUrls) return;
    const address = await findNonPublicAddress(url.hostname);
    if (address) {
      // Which address a name resolves to is not echoed: it would map an internal network one name at a time.
      throw fieldError('url', `url must point to a public address (${url.hostname} is private)`);
    }
  }
}

function unique(events: EventName[]): EventName[] {
  return [...new Set(events)];
}

export function toWebhook(webhook: WebhookRow): Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.enabled,
    disabledReason: webhook.disabled_reason,
    createdAt: webhook.created_at.toISOString(),
  };
}
