import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export interface InvalidatedCacheOptions<V> {
  /** Redis pub/sub channel carrying the keys to drop. */
  channel: string;
  /** Reads the value from the source of truth. */
  load: (key: string) => Promise<V>;
  /** How long a loaded value may be served: a safety net should an invalidation message be missed. */
  ttlMs: (value: V) => number;
  /** Bounds memory; past it the oldest entry goes first. */
  maxEntries: number;
  logger: Logger;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * An in-process cache, per key, that every process drops at once when the
 * key changes: `invalidate` evicts here and publishes the key on a Redis
 * channel that every process subscribes to. Concurrent misses share one load,
 * and a load that started before an invalidation is not stored (a generation
 * counter per key), so stale data cannot outlive a change.
 */
export class InvalidatedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly generations = new Map<string, number>();
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    private readonly options: InvalidatedCacheOptions<V>,
  ) {}

  async start(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, key: string) => this.evict(key));
    // After a reconnect messages may have been missed: start from an empty cache.
    this.subscriber.on('ready', () => this.entries.clear());
    await this.subscriber.subscribe(this.options.channel);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** The cached value, or a promise of it on a miss (no await on the hot path when cached). */
  get(key: string): V | Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Drops the key here and in every other process. Call after the change has committed. */
  async invalidate(key: string): Promise<void> {
    this.evict(key);
    await this.redis.publish(this.options.channel, key).catch((err: Error) => {
      this.options.logger.warn(`could not publish invalidation on ${this.options.channel}: ${err.message}`);
    });
  }

  private evict(key: string): void {
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  private async load(key: string): Promise<V> {
    const generation = this.generations.get(key) ?? 0;
    const value = await this.options.load(key);
    if ((this.generations.get(key) ?? 0) === generation) {
      if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expiresAt: Date.now() + this.options.ttlMs(value) });
    }
    return value;
  }
}
