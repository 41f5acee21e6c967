import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LRUCache, type Perf } from 'lru-cache';

export interface InvalidatedCacheOptions<V> {
  /** Redis pub/sub channel carrying the keys to drop. */
  channel: string;
  /** Reads the value from the source of truth. */
  load: (key: string) => Promise<V>;
  /** How long a loaded value may be served: a safety net should an invalidation message be missed. */
  ttlMs: (value: V) => number;
  /** Bounds memory; past it the least recently used entry goes first. */
  maxEntries: number;
  logger: Logger;
  /** The clock TTLs are measured on (tests); default lru-cache's, `performance.now()`. */
  clock?: Perf;
}

/** A load in flight; `generation` tells it apart from a later load of the same key. */
interface Load<V> {
  promise: Promise<V>;
  generation: number;
}

/**
 * An in-process cache, per key, that every process drops at once when the
 * key changes: `invalidate` evicts here and publishes the key on a Redis
 * channel that every process subscribes to. Values live in an LRUCache
 * (bounded, TTL per value). Concurrent misses share one load, and a load that
 * started before an invalidation is never stored: each load takes a number
 * from a generation counter and stores its value only if it is still the
 * key's current load, so stale data cannot outlive a change.
 */
export class InvalidatedCache<V> {
  /** Values are boxed: lru-cache cannot hold null or undefined, which a load may return (e.g. "no such app"). */
  private readonly values: LRUCache<string, { value: V }>;
  private readonly loads = new Map<string, Load<V>>();
  private generation = 0;
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    private readonly options: InvalidatedCacheOptions<V>,
  ) {
    this.values = new LRUCache({
      max: options.maxEntries,
      ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    });
  }

  async start(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, key: string) => this.evict(key));
    // After a reconnect messages may have been missed: start from an empty cache.
    this.subscriber.on('ready', () => this.clear());
    await this.subscriber.subscribe(this.options.channel);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** The cached value, or a promise of it on a miss (no await on the hot path when cached). */
  get(key: string): V | Promise<V> {
    const cached = this.values.get(key);
    if (cached) return cached.value;
    return (this.loads.get(key) ?? this.startLoad(key)).promise;
  }

  /** Drops the key here and in every other process. Call after the change has committed. */
  async invalidate(key: string): Promise<void> {
    this.evict(key);
    await this.redis.publish(this.options.channel, key).catch((err: Error) => {
      this.options.logger.warn(`could not publish invalidation on ${this.options.channel}: ${err.message}`);
    });
  }

  /** Forgets the key and any load of it in flight, whose value will then not be stored. */
  private evict(key: string): void {
    this.values.delete(key);
    this.loads.delete(key);
  }

  private clear(): void {
    this.values.clear();
    this.loads.clear();
  }

  private startLoad(key: string): Load<V> {
    const generation = ++this.generation;
    const isCurrent = () => this.loads.get(key)?.generation === generation;
    const promise = this.options
      .load(key)
      .then((value) => {
        // lru-cache reads a ttl of 0 as "forever": the shortest TTL is 1 ms.
        if (isCurrent()) this.values.set(key, { value }, { ttl: Math.max(1, this.options.ttlMs(value)) });
        return value;
      })
      .finally(() => {
        if (isCurrent()) this.loads.delete(key);
      });
    const load = { promise, generation };
    this.loads.set(key, load);
    return load;
  }
}
