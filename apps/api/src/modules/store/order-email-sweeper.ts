import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ORDER_EMAIL_QUEUE } from '../../common/queue.module.js';
import { sqlRows } from '../../common/sql.js';
import { Config } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { overdueOrderEmails } from './order-delivery.queries.js';
import { orderEmailAttempts, queueOrderEmails } from './order-email-queue.js';

const SWEEP_BATCH = 500;

/**
 * Queues again every order email still pending, unclaimed, more than one
 * interval after its order (MAIL_SWEEP_INTERVAL_MS): its job was lost to an
 * API that died between commit and queueing, a Redis restart, or an
 * unexpected error. An email that still has a job is a no-op to queue (job
 * id = order id). A timer, like the webhook sweeper, since a scheduler in
 * Redis would vanish in the restart it must repair. Off without SMTP_URL.
 */
@Injectable()
export class OrderEmailSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderEmailSweeper.name);
  private readonly intervalMs: number;
  private readonly attempts: number;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    config: Config,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(ORDER_EMAIL_QUEUE) private readonly queue: Queue,
  ) {
    this.intervalMs = config.MAIL_SWEEP_INTERVAL_MS;
    this.attempts = orderEmailAttempts(config.MAIL_RETRY_DELAYS);
  }

  onApplicationBootstrap(): void {
    if (!this.mail.enabled) return;
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
      .catch((err: Error) => this.logger.warn(`order email sweep failed: ${err.message}`))
      .finally(() => (this.sweeping = undefined));
  }

  private async sweep(): Promise<void> {
    let afterId: string | null = null;
    for (;;) {
      const rows: Array<{ id: string }> = await sqlRows(this.dataSource, overdueOrderEmails(SWEEP_BATCH), [
        this.intervalMs,
        afterId,
      ]);
      await queueOrderEmails(
        this.queue,
        rows.map((row) => row.id),
        this.attempts,
      );
      if (rows.length < SWEEP_BATCH) return;
      afterId = rows[rows.length - 1]!.id;
    }
  }
}
