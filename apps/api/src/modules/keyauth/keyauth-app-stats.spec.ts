import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { KeyAuthAppStats } from './keyauth-app-stats.js';

/** A database that answers the queries made so far once `release` is called (`total`, or a failure), counting them. */
function slowDatabase(total: number) {
  const waiting: Array<() => void> = [];
  let failNext = false;
  const database = {
    queries: 0,
    release: () => {
      waiting.splice(0).forEach((answer) => answer());
      failNext = false;
    },
    failOnce: () => (failNext = true),
    query: () => {
      database.queries += 1;
      const fail = failNext;
      return new Promise((resolve, reject) =>
        waiting.push(() => (fail ? reject(new Error('database restarting')) : resolve([{ total }]))),
      );
    },
  };
  return database;
}

const app = { id: 'app-1', version: '1.0.0', sessionIdleSeconds: 1800 } as CachedApp;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyAuthAppStats.appInfo', () => {
  it('counts once for every init that arrives while the figures are counted', async () => {
    const database = slowDatabase(7);
    const stats = new KeyAuthAppStats(database as unknown as DataSource);
    const answers = Promise.all(Array.from({ length: 20 }, () => stats.appInfo(app)));
    await settle();
    database.release();
    for (const info of await answers) expect(info).toMatchObject({ numUsers: '7', numKeys: '7', version: '1.0.0' });
    expect(database.queries).toBe(3);
    await stats.appInfo(app);
    expect(database.queries).toBe(3);
  });

  it('keeps no failed count: the next call counts again', async () => {
    const database = slowDatabase(3);
    const stats = new KeyAuthAppStats(database as unknown as DataSource);
    database.failOnce();
    const failed = stats.appInfo(app);
    await settle();
    database.release();
    await expect(failed).rejects.toThrow('database restarting');
    const next = stats.appInfo(app);
    await settle();
    database.release();
    expect((await next).numKeys).toBe('3');
  });

  it('answers counted figures at once, with the version the app has now', async () => {
    const database = slowDatabase(5);
    const stats = new KeyAuthAppStats(database as unknown as DataSource);
    const first = stats.appInfo(app);
    await settle();
    database.release();
    await first;
    const counted = stats.appInfo(app);
    expect(counted).not.toBeInstanceOf(Promise);
    expect(counted).toMatchObject({ numUsers: '5', version: '1.0.0' });
    expect(stats.appInfo({ ...app, version: '2.0.0' } as CachedApp)).toMatchObject({ numUsers: '5', version: '2.0.0' });
    expect(database.queries).toBe(3);
  });
});
