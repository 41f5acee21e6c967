import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderPage, StoreOrderStatus } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { isUuid } from '../../common/id-param.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { RateCounter } from '../rate-limit/rate-counter.js';
import { rateLimitSubject } from '../rate-limit/rate-limit-subject.js';
import {
  APP_ORDER,
  ORDER_PAGE,
  type OrderPageRow,
  RETURN_CONNECTION,
  RETURN_ORDER,
  type ReturnConnectionRow,
} from './order-delivery.queries.js';
import { OrderLinks } from './order-links.js';

/**
 * Stores whose id in the return redirect is unguessable: Stripe's Checkout
 * Session id (`{CHECKOUT_SESSION_ID}`), and the vendor's own checkout through
 * the generic webhook (docs/selling.md says its ids must be random). Others
 * (Lemon Squeezy's sequential order numbers) would let anyone walk orders.
 */
const RETURN_PROVIDERS = new Set(['stripe', 'generic']);
/** A store id shorter than this is refused on return: a random id is longer (Stripe's are 60+). */
const RETURN_REF_MIN = 20;
const RETURN_REF_MAX = 255;

/** Where the return redirect sends the buyer: the order page, or "processing" until the store's event arrives. */
export type ReturnTarget = { url: string } | { processing: true };

/** The buyer's order page behind a signed link, the store's return redirect to it, and the console's link. */
@Injectable()
export class OrderPageService {
  private readonly limit: number;

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly links: OrderLinks,
    private readonly rateCounter: RateCounter,
    private readonly audit: AuditService,
  ) {
    this.limit = config.ORDER_PAGE_RATE_LIMIT_PER_MINUTE;
  }

  /** The page a valid link shows; 404 for a tampered, expired or unknown one alike. */
  async page(token: string, ip: string): Promise<OrderPage> {
    await this.count(ip);
    const link = this.links.read(token);
    if (!link) throw new AppError('NOT_FOUND');
    const [row] = await sqlRows<OrderPageRow>(this.dataSource, ORDER_PAGE, [link.orderId]);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      appName: row.app_name,
      productName: row.product_name,
      status: row.status as StoreOrderStatus,
      keys: row.keys,
      createdAt: row.created_at.toISOString(),
      renewalUrl: webUrl(row.renewal_url),
      downloadUrl: webUrl(row.download_url),
      supportUrl: null,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /**
   * `GET /store/return/{connectionId}?order=<store id>`: a link to the order's
   * page once the store's event has made the order, else `processing`. 404
   * for an unknown or disabled connection, a store whose ids can be guessed,
   * or an id too short to be random.
   */
  async returnTarget(connectionId: string, ref: unknown, ip: string, origin: string | null): Promise<ReturnTarget> {
    await this.count(ip);
    if (!isUuid(connectionId) || typeof ref !== 'string') throw new AppError('NOT_FOUND');
    if (ref.length < RETURN_REF_MIN || ref.length > RETURN_REF_MAX) throw new AppError('NOT_FOUND');
    const [connection] = await sqlRows<ReturnConnectionRow>(this.dataSource, RETURN_CONNECTION, [connectionId]);
    if (!connection?.enabled || !RETURN_PROVIDERS.has(connection.provider)) throw new AppError('NOT_FOUND');
    const [order] = await sqlRows<{ id: string }>(this.dataSource, RETURN_ORDER, [connectionId, ref]);
    if (!order) return { processing: true };
    const url = this.links.url(this.links.issue(order.id).token, origin);
    if (!url) throw new AppError('NOT_FOUND');
    return { url };
  }

  /** The console's copy of the order page link (ORDER_LINK_TTL_SECONDS), audited: it shows the keys. */
  async link(actor: Actor, appId: string, orderId: string, origin: string | null) {
    const [order] = await sqlRows<{ id: string }>(this.dataSource, APP_ORDER, [orderId, appId]);
    if (!order) throw new AppError('NOT_FOUND');
    const { token, expiresAt } = this.links.issue(order.id);
    await this.audit.write(this.dataSource.manager, [
      adminChange(actor, appId, 'admin.store.order.link', { orderId, expiresAt: expiresAt.toISOString() }),
    ]);
    return { url: this.links.url(token, origin) ?? '', expiresAt: expiresAt.toISOString() };
  }

  private async count(ip: string): Promise<void> {
    if (this.limit > 0) {
      await this.rateCounter.count('order-page', `latchkey:order-page:${rateLimitSubject(ip)}`, this.limit);
    }
  }
}

/** Only http(s) addresses become links on the page or in the mail. */
export function webUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}
