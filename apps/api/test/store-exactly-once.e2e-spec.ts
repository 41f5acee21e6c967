// Issue 42, store-core: fulfilment is exactly-once, under 20 parallel deliveries of one event and across
// an API process killed mid-fulfilment. Neither test depends on timing: the parallel copies all reach
// the database (the first holds the claim until it commits), and the killed process is held on a lock
// the test takes, seen waiting in pg_locks before it is killed.
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { startApi, testEnv } from '../../../scripts/test-service.mjs';
import { ownerWithApp } from './factories/index.js';
import { clientFor, closeDb, db, patchApp } from './support/api.js';
import { eventually } from './support/eventually.js';
import { kill } from './support/service-stack.js';
import { connectStore, mapProduct, postGeneric, postStripe } from './support/store.js';
import { checkoutSession, stripeEvent } from './support/stripe-events.js';

const { owner, app } = ownerWithApp({ name: 'Exactly Once' });
afterAll(closeDb);

async function counts(connectionId: string) {
  const { rows } = await db().query(
    `SELECT (SELECT count(*)::int FROM store_orders WHERE connection_id = $1) AS orders,
       (SELECT count(*)::int FROM store_order_licenses sol JOIN store_orders o ON o.id = sol.order_id
         WHERE o.connection_id = $1) AS keys,
       (SELECT count(*)::int FROM licenses WHERE app_id = $2) AS app_keys,
       (SELECT count(*)::int FROM events WHERE app_id = $2 AND name = 'order.fulfilled') AS fulfilled_events`,
    [connectionId, app.appId],
  );
  return rows[0];
}

describe('exactly-once fulfilment', () => {
  it('20 parallel deliveries of one event: one order, one set of keys, 20 identical answers', async () => {
    await patchApp(owner, app, { rateLimitPerMinute: 0 });
    const shop = await connectStore(owner, app, 'generic');
    await mapProduct(owner, app, shop.id, { externalId: 'bundle', keysPerUnit: 3 });
    const before = (await counts(shop.id)).app_keys;
    const event = { id: `evt_${randomUUID()}`, type: 'purchase', orderId: 'order-parallel', productId: 'bundle' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postGeneric(shop, event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.data.keys).toHaveLength(3);
    expect(await counts(shop.id)).toMatchObject({ orders: 1, keys: 3, app_keys: before + 3, fulfilled_events: 1 });
    const { rows } = await db().query(
      'SELECT outcome, count(*)::int AS n FROM store_events WHERE connection_id = $1 GROUP BY outcome ORDER BY outcome',
      [shop.id],
    );
    expect(rows).toEqual([
      { outcome: 'applied', n: 1 },
      { outcome: 'duplicate', n: 19 },
    ]);
  });

  it('the same for a Stripe event signed by Stripe’s library', async () => {
    const shop = await connectStore(owner, app, 'stripe', 'whsec_parallel_secret');
    const session = checkoutSession();
    await mapProduct(owner, app, shop.id, { externalId: session.payment_link });
    const event = stripeEvent('checkout.session.completed', session);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postStripe(shop.id, 'whsec_parallel_secret', event)),
    );
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    expect(await counts(shop.id)).toMatchObject({ orders: 1, keys: 1 });
  });

  it('an API process killed mid-fulfilment makes nothing; the redelivery makes exactly one set of keys', async () => {
    const shop = await connectStore(owner, app, 'generic');
    await mapProduct(owner, app, shop.id, { externalId: 'solo', keysPerUnit: 2 });
    const event = { id: `evt_${randomUUID()}`, type: 'purchase', orderId: 'order-killed', productId: 'solo' };
    // Named, so the wait below is this process's and no other spec's.
    const doomed = await startApi(testEnv(`${process.env.LATCHKEY_TEST_DATABASE_URL!}?application_name=store-doomed`));
    const holder: pg.PoolClient = await db().connect();
    try {
      // Fulfilment's link of keys to the order waits on this lock: the process is then mid-transaction,
      // with the event claimed and the keys inserted, none of it committed.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE store_order_licenses IN SHARE MODE');
      const inFlight = postGeneric(shop, event, doomed.url).catch((err: Error) => err);
      await eventually(
        async () => {
          const { rows } = await db().query(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
              WHERE l.relation = 'store_order_licenses'::regclass AND NOT l.granted
                AND a.application_name = 'store-doomed'`,
          );
          return rows[0].n === 1;
        },
        { what: 'the doomed process waiting on the lock' },
      );
      await kill(doomed.child);
      // No answer: the connection died with the process.
      expect(await inFlight).not.toHaveProperty('status');
      await holder.query('COMMIT');
    } finally {
      holder.release();
      await kill(doomed.child);
    }
    // Its connection gone, PostgreSQL rolls the killed process's transaction back; a redelivery to another
    // process waits for that and fulfils the event once.
    const redelivered = await postGeneric(shop, event);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.data.keys).toHaveLength(2);
    expect(await postGeneric(shop, event)).toMatchObject({ body: redelivered.body });
    expect(await counts(shop.id)).toMatchObject({ orders: 1, keys: 2 });
    const { rows } = await db().query(
      `SELECT count(*)::int AS n FROM licenses WHERE app_id = $1 AND note = 'generic order order-killed'`,
      [app.appId],
    );
    expect(rows[0].n).toBe(2);
    expect((await clientFor(app).license(redelivered.body.data.keys[0])).status).toBe(200);
  }, 120_000);
});
