import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ORDER_EMAIL_QUEUE } from '../../common/queue.module.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { MailError, MailService } from '../mail/mail.service.js';
import { CLAIM_ORDER_EMAIL, type OrderEmailRow, SETTLE_ORDER_EMAIL } from './order-delivery.queries.js';
import { orderEmailAttempts, orderEmailBackoff, type OrderEmailJobData, RetryOrderEmail } from './order-email-queue.js';
import { ORDER_EMAIL_LINK_TTL_SECONDS, OrderLinks } from './order-links.js';
import { orderMail } from './order-mail.js';
import { webUrl } from './order-page.service.js';

/** How long an attempt holds the order's email: SMTP's time-outs (30 s each step) and time to record it. */
const CLAIM_MS = 120_000;
/** Emails one worker process sends at the same time. */
const CONCURRENCY = 5;

/**
 * Sends order emails; worker process only. Each job is one attempt: claim
 * the order's email (counting the attempt in PostgreSQL), send, then record
 * `sent`, or the server's refusal as `email_error` and either a retry after
 * MAIL_RETRY_DELAYS' next delay or, after the last, `failed`. A job that
 * finds the email sent, failed, off or claimed sends nothing.
 */
@Processor(ORDER_EMAIL_QUEUE, { autorun: false, settings: { backoffStrategy: orderEmailBackoff } })
export class OrderEmailProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrderEmailProcessor.name);
  private readonly retryDelays: readonly number[];

  constructor(
    config: Config,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly links: OrderLinks,
  ) {
    super();
    this.retryDelays = config.MAIL_RETRY_DELAYS;
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = CONCURRENCY;
    this.worker.run().catch((err: Error) => this.logger.error(`order email worker stopped: ${err.message}`));
  }

  @OnWorkerEvent('error')
  onWorkerError(err: Error): void {
    this.logger.warn(`order email worker: ${err.message}`);
  }

  @OnWorkerEvent('failed')
  onJobFailed(job: Job<OrderEmailJobData> | undefined, err: Error): void {
    if (err instanceof RetryOrderEmail) return;
    this.logger.error(
      `order email ${job?.data.orderId ?? '?'} failed, the sweeper will queue it again: ${err.message}`,
    );
  }

  async process(job: Job<OrderEmailJobData>): Promise<void> {
    const [order] = await sqlRows<OrderEmailRow>(this.dataSource, CLAIM_ORDER_EMAIL, [job.data.orderId, CLAIM_MS]);
    if (!order) return;
    const page = this.links.issue(order.id, ORDER_EMAIL_LINK_TTL_SECONDS);
    const message = orderMail({
      to: order.buyer_email,
      appName: order.app_name,
      productName: order.product_name,
      keys: order.keys,
      pageUrl: this.links.url(page.token, null),
      downloadUrl: webUrl(order.download_url),
      renewalUrl: webUrl(order.renewal_url),
    });
    try {
      await this.mail.send(message);
    } catch (err) {
      if (!(err instanceof MailError)) throw err;
      const retry = order.attempts < orderEmailAttempts(this.retryDelays);
      await sqlRows(this.dataSource, SETTLE_ORDER_EMAIL, [order.id, retry ? 'pending' : 'failed', err.message]);
      this.logger.warn(`order email ${order.id} attempt ${order.attempts} refused${retry ? ', retried' : ''}`);
      if (retry) throw new RetryOrderEmail(err.message, this.retryDelays[order.attempts - 1] ?? 0);
      return;
    }
    await sqlRows(this.dataSource, SETTLE_ORDER_EMAIL, [order.id, 'sent', null]);
  }
}
