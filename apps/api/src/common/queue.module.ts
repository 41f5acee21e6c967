import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Global, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Config } from '../config/config.js';

/** Queue of webhook deliveries: the HTTP process adds jobs, the worker processes them. */
export const WEBHOOK_QUEUE = 'webhooks';
/** Queue of bulk jobs (jobs module): the HTTP process adds them, the worker runs them. */
export const JOB_QUEUE = 'jobs';
/** Queue of order emails (store module): the HTTP process adds them after fulfilment, the worker sends them. */
export const ORDER_EMAIL_QUEUE = 'order-emails';

/**
 * Logs the queue's Redis errors. Without a listener BullMQ prints them with
 * console.error; with one they land in the JSON log like everything else.
 */
@Injectable()
class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queue');

  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly webhookQueue: Queue,
    @InjectQueue(JOB_QUEUE) private readonly jobQueue: Queue,
    @InjectQueue(ORDER_EMAIL_QUEUE) private readonly orderEmailQueue: Queue,
  ) {}

  onModuleInit(): void {
    this.webhookQueue.on('error', (err: Error) => this.logger.warn(`webhook queue: ${err.message}`));
    this.jobQueue.on('error', (err: Error) => this.logger.warn(`bulk job queue: ${err.message}`));
    this.orderEmailQueue.on('error', (err: Error) => this.logger.warn(`order email queue: ${err.message}`));
  }
}

/** BullMQ on the service's Redis, with the queues both entry points use. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [Config],
      useFactory: (config: Config) => {
        const url = new URL(config.REDIS_URL);
        return {
          prefix: config.QUEUE_PREFIX,
          connection: {
            host: url.hostname,
            port: Number(url.port || 6379),
            username: url.username ? decodeURIComponent(url.username) : undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
            tls: url.protocol === 'rediss:' ? {} : undefined,
            // BullMQ workers block on Redis; they must retry forever rather than fail commands.
            maxRetriesPerRequest: null,
          },
        };
      },
    }),
    BullModule.registerQueue({ name: WEBHOOK_QUEUE }, { name: JOB_QUEUE }, { name: ORDER_EMAIL_QUEUE }),
  ],
  providers: [QueueErrorLogger],
  exports: [BullModule],
})
export class QueueModule {}
