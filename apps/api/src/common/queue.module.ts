import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { Config } from '../config/config.js';

/** Queue of webhook deliveries: the HTTP process adds jobs, the worker processes them. */
export const WEBHOOK_QUEUE = 'webhooks';

/** BullMQ on the service's Redis, with the queues both entry points use. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [Config],
      useFactory: (config: Config) => {
        const url = new URL(config.REDIS_URL);
        return {
          prefix: 'latchkey',
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
    BullModule.registerQueue({ name: WEBHOOK_QUEUE }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
