import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { EventEmitter } from 'node:events';
import { InvalidatedCache, type InvalidatedCacheOptions } from './invalidated-cache.js';

/** Redis pub/sub in memory: every connection duplicated from one bus hears what any of them publishes. */
class FakeRedis extends EventEmitter {
  constructor(private readonly bus = new EventEmitter()) {
    super();
  }

  duplicate(): FakeRedis {
    return new FakeRedis(this.bus);
  }

  async subscribe(channel: string): Promise<void> {
    this.bus.on(channel, (key: string) => this.emit('message', channel, key));
  }

  async publish(channel: string, key: string): Promise<number> {
    this.bus.emit(channel, key);
    return 1;
  }

  async quit(): Promise<void> {}
}

/** A load the test resolves by hand, to order it against invalidations. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function cacheOf(redis: FakeRedis, options: Partial<InvalidatedCacheOptions<string | null>> = {}) {
  const loads: string[] = [];
  const cache = new InvalidatedCache<string | null>(redis as unknown as Redis, {
    channel: 'test:invalidate',
    load: async (key) => {
      loads.push(key);
      return `value of ${key}`;
    },
    ttlMs: () => 60_000,
    maxEntries: 100,
    logger: new Logger('test'),
    ...options,
  });
  await cache.start();
  return { cache, loads };
}

describe('InvalidatedCache', () => {
  it('serves a loaded value without loading again, synchronously', async () => {
    const { cache, loads } = await cacheOf(new FakeRedis());
    expect(await cache.get('a')).toBe('value of a');
    expect(cache.get('a')).toBe('value of a');
    expect(loads).toEqual(['a']);
  });

  it('merges concurrent misses into one load', async () => {
    const load = deferred<string>();
    let calls = 0;
    const { cache } = await cacheOf(new FakeRedis(), { load: () => (calls++, load.promise) });
    const waiting = [cache.get('a'), cache.get('a'), cache.get('a')];
    load.resolve('loaded');
    expect(await Promise.all(waiting)).toEqual(['loaded', 'loaded', 'loaded']);
    expect(calls).toBe(1);
  });

  it('never stores a load that started before an invalidation, and loads afresh after it', async () => {
    const stale = deferred<string>();
    const fresh = deferred<string>();
    const pending = [stale, fresh];
    const { cache } = await cacheOf(new FakeRedis(), { load: () => pending.shift()!.promise });
    const before = cache.get('a');
    await cache.invalidate('a');
    const after = cache.get('a');
    fresh.resolve('after the change');
    expect(await after).toBe('after the change');
    // The slower, older load finishes last: its caller gets its value, the cache keeps the newer one.
    stale.resolve('before the change');
    expect(await before).toBe('before the change');
    expect(cache.get('a')).toBe('after the change');
  });

  it('drops a key in every process that shares the Redis', async () => {
    const redis = new FakeRedis();
    const one = await cacheOf(redis);
    const other = await cacheOf(redis);
    await Promise.all([one.cache.get('a'), other.cache.get('a')]);
    await one.cache.invalidate('a');
    await other.cache.get('a');
    expect(other.loads).toEqual(['a', 'a']);
  });

  it('empties itself when its subscriber reconnects, forgetting loads in flight', async () => {
    const redis = new FakeRedis();
    const inFlight = deferred<string>();
    const pending = [Promise.resolve('cached'), inFlight.promise, Promise.resolve('reloaded')];
    const subscriber = new FakeRedis();
    redis.duplicate = () => subscriber;
    const { cache } = await cacheOf(redis, { load: () => pending.shift()! });
    await cache.get('a');
    const loading = cache.get('b');
    subscriber.emit('ready');
    inFlight.resolve('loaded before the reconnect');
    await loading;
    expect(await cache.get('a')).toBe('reloaded');
    expect(pending).toEqual([]);
  });

  it('keeps each value for its own TTL, null included', async () => {
    const time = clock();
    const loads: string[] = [];
    const { cache } = await cacheOf(new FakeRedis(), {
      clock: time,
      load: async (key) => (loads.push(key), key === 'missing' ? null : key),
      ttlMs: (value) => (value === null ? 5_000 : 60_000),
    });
    await Promise.all([cache.get('missing'), cache.get('present')]);
    time.advance(4_999);
    expect([cache.get('missing'), cache.get('present')]).toEqual([null, 'present']);
    time.advance(2);
    expect(await cache.get('missing')).toBeNull();
    time.advance(55_000);
    expect(await cache.get('present')).toBe('present');
    expect(loads).toEqual(['missing', 'present', 'missing', 'present']);
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const { cache, loads } = await cacheOf(new FakeRedis(), { maxEntries: 2 });
    await cache.get('a');
    await cache.get('b');
    cache.get('a');
    await cache.get('c');
    await cache.get('a');
    await cache.get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('passes a failed load to every caller and stores nothing', async () => {
    let fail = true;
    const { cache } = await cacheOf(new FakeRedis(), {
      load: async () => {
        if (fail) throw new Error('database down');
        return 'recovered';
      },
    });
    await expect(Promise.all([cache.get('a'), cache.get('a')])).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('a')).toBe('recovered');
  });
});
