import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Config } from '../config/config.js';

export const REDIS = Symbol('REDIS');

/** Closes the shared connection when the application shuts down. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * One shared ioredis connection for commands (caches, rate limits, publishes).
 * Auto-pipelined: the commands of every request in one event-loop turn go out
 * in one write and come back in one read, instead of a round trip each.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [Config],
      useFactory: (config: Config) =>
        new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
