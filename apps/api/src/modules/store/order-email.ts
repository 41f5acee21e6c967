import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { ORDER_EMAIL_QUEUE } from '../../common/queue.module.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { MailService } from '../mail/mail.service.js';
import { APP_ORDER, RESEND_ORDER_EMAIL } from './order-delivery.queries.js';
import { orderEmailAttempts, queueOrderEmailNow, queueOrderEmails } from './order-email-queue.js';

/** Shutdown waits this long for queueings in flight; the sweeper queues whatever is left. */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * Where fulfilment hands a new order to the buyer's email. `enabled` (the
 * service has SMTP_URL) decides the order's `email_status`: 'pending' with a
 * buyer email, else 'off'. `afterCommit` queues the emails of committed
 * orders without making the store's webhook wait; a Redis that is slow or
 * away loses nothing, since the worker's sweeper queues pending emails again.
 */
@Injectable()
export class OrderEmail implements OnApplicationShutdown {
  private readonly logger = new Logger(OrderEmail.name);
  private readonly attempts: number;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    config: Config,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(ORDER_EMAIL_QUEUE) private readonly queue: Queue,
    private readonly audit: AuditService,
  ) {
    this.attempts = orderEmailAttempts(config.MAIL_RETRY_DELAYS);
  }

  get enabled(): boolean {
    return this.mail.enabled;
  }

  afterCommit(orderIds: string[]): void {
    if (!this.enabled || orderIds.length === 0) return;
    const queued = queueOrderEmails(this.queue, orderIds, this.attempts)
      .catch((err: Error) => this.logger.warn(`order emails not queued, the worker's sweep will: ${err.message}`))
      .finally(() => this.inFlight.delete(queued));
    this.inFlight.add(queued);
  }

  /**
   * The console's resend: the order's email is pending again with all its
   * attempts, and sent now. 409 without SMTP_URL or a buyer email, or while
   * an attempt is being made.
   */
  async resend(actor: Actor, appId: string, orderId: string): Promise<void> {
    const [order] = await sqlRows<{ id: string; buyer_email: string | null }>(this.dataSource, APP_ORDER, [
      orderId,
      appId,
    ]);
    if (!order) throw new AppError('NOT_FOUND');
    if (!this.enabled) throw new AppError('MAIL_OFF');
    if (order.buyer_email === null) throw new AppError('ORDER_NO_BUYER_EMAIL');
    await this.dataSource.transaction(async (manager) => {
      const resent = await sqlRows(manager, RESEND_ORDER_EMAIL, [orderId]);
      if (resent.length === 0) throw new AppError('ORDER_EMAIL_SENDING');
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.store.order.email', { orderId })]);
    });
    // Once committed; should Redis fail here, the order is pending and the sweeper sends it.
    await queueOrderEmailNow(this.queue, orderId, this.attempts).catch((err: Error) =>
      this.logger.warn(`order email not queued, the worker's sweep will: ${err.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
    await Promise.race([Promise.allSettled([...this.inFlight]), bound]);
    clearTimeout(timer);
  }
}
