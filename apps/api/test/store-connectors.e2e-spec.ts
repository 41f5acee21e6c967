// Issue 42, store-connectors: a purchase from Paddle Billing, Lemon Squeezy, Sellix and SellApp, each signed
// by the scheme its store documents (computed here from docs/selling.md, not with the API's code), yields a
// key that works through `/v1`; refunds ban it, renewals extend it, cancellations end it at period end.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ownerWithApp } from './factories/index.js';
import { clientFor, closeDb, db, patchApp } from './support/api.js';
import { connectStore, mapProduct, postEvent, storeEvents, storeOrders } from './support/store.js';

const { owner, app } = ownerWithApp({ name: 'Store Connectors' });
const DAY = 86_400_000;
type Json = Record<string, any>;

beforeAll(() => patchApp(owner, app, { rateLimitPerMinute: 0 }));
afterAll(closeDb);

function fixture(store: string, name: string): Json {
  const url = new URL(`../src/modules/store/connectors/fixtures/${store}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Json;
}

const hmac = (algorithm: string, secret: string, text: string) =>
  createHmac(algorithm, secret).update(text).digest('hex');
const unique = () => randomUUID().replace(/-/g, '').slice(0, 20);
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** A dynamic-delivery answer: the keys as text (the helper parses JSON, and text stays text). */
const textOf = (answer: { body: unknown }) => String(answer.body);

async function licenseOf(key: string) {
  const { rows } = await db().query('SELECT status, expires_at, ban_reason FROM licenses WHERE key = $1', [key]);
  return rows[0];
}

/** Logs in with the key through `/v1`, as a customer's program does. */
async function used(key: string): Promise<void> {
  const login = await clientFor(app).license(key);
  expect([login.status, login.body.success]).toEqual([200, true]);
}

async function refusedAs(key: string, message: string): Promise<void> {
  const login = await clientFor(app).license(key);
  expect([login.status, login.body.message]).toEqual([403, message]);
}

async function orderOf(externalOrderId: string): Promise<Json> {
  const { data } = await storeOrders(owner, app, `?search=${encodeURIComponent(externalOrderId)}`);
  expect(data).toHaveLength(1);
  return data[0];
}

describe('Paddle Billing', () => {
  const secret = `pdl_ntfset_01gkpjp8bkm3tm53kdgkx6sms7_${unique()}`;
  let connectionId = '';
  const post = (event: Json) => {
    const body = JSON.stringify(event);
    const ts = Math.floor(Date.now() / 1000);
    const signature = `ts=${ts};h1=${hmac('sha256', secret, `${ts}:${body}`)}`;
    return postEvent(connectionId, body, { 'paddle-signature': signature });
  };
  const withIds = (name: string) => {
    const event = fixture('paddle', name);
    event['event_id'] = `evt_${unique()}`;
    return event;
  };

  beforeAll(async () => {
    connectionId = (await connectStore(owner, app, 'paddle', secret)).id;
    const product = { durationType: '30d', expectedAmount: 2900, currency: 'USD' };
    await mapProduct(owner, app, connectionId, { ...product, externalId: 'pri_01gsz8x8sawmvhz1pv30nge1ke' });
    await mapProduct(owner, app, connectionId, { externalId: 'pri_01gsz91wy9k1yn7kx82aafwvea', name: 'Monthly' });
  });

  it('a one-off purchase yields its keys once; an approved refund bans them', async () => {
    const purchase = withIds('transaction.completed');
    const bought = await post(purchase);
    expect(bought.status).toBe(200);
    const keys: string[] = bought.body.data.keys;
    expect(keys).toHaveLength(2);
    await used(keys[0]!);
    const again = await post(purchase);
    expect(again.body.data.keys).toEqual(keys);
    expect(await orderOf(purchase['data'].id)).toMatchObject({
      amount: 5800,
      currency: 'USD',
      buyerEmail: 'buyer@example.com',
    });

    expect((await post(withIds('adjustment.updated.refund'))).status).toBe(200);
    expect(await licenseOf(keys[0]!)).toMatchObject({ status: 'BANNED' });
    await refusedAs(keys[0]!, 'License is banned');
    expect((await orderOf(purchase['data'].id)).status).toBe('refunded');
  });

  it('a subscription: renewal extends the keys, a scheduled cancel ends them at the period end', async () => {
    const first = withIds('transaction.completed.subscription');
    const bought = await post(first);
    expect(bought.status).toBe(200);
    const [key] = bought.body.data.keys as string[];
    await used(key!);

    const renewal = withIds('transaction.completed.recurring');
    const periodEnd = inDays(60);
    renewal['data'].billing_period = { starts_at: new Date().toISOString(), ends_at: periodEnd.toISOString() };
    expect((await post(renewal)).status).toBe(200);
    expect((await licenseOf(key!)).expires_at.getTime()).toBe(periodEnd.getTime() + DAY);
    expect((await orderOf(first['data'].id)).status).toBe('active');

    const cancel = withIds('subscription.updated.cancel');
    const endsAt = inDays(10);
    cancel['data'].scheduled_change.effective_at = endsAt.toISOString();
    expect((await post(cancel)).status).toBe(200);
    expect((await licenseOf(key!)).expires_at.getTime()).toBe(endsAt.getTime());
    expect(await orderOf(first['data'].id)).toMatchObject({ status: 'ending', periodEndsAt: endsAt.toISOString() });
    await used(key!);
  });

  it('a stale signature is refused and recorded', async () => {
    const body = JSON.stringify(withIds('transaction.completed'));
    const ts = Math.floor(Date.now() / 1000) - 3600;
    const signature = `ts=${ts};h1=${hmac('sha256', secret, `${ts}:${body}`)}`;
    const stale = await postEvent(connectionId, body, { 'paddle-signature': signature });
    expect([stale.status, stale.body.code]).toEqual([400, 'STORE_SIGNATURE_INVALID']);
    const [recorded] = await storeEvents(owner, app, `?connectionId=${connectionId}&outcome=refused`);
    expect(recorded!.reason).toContain('tolerance');
  });
});

describe('Lemon Squeezy', () => {
  const secret = `ls-${unique()}`;
  let connectionId = '';
  const post = (event: Json) => {
    const body = JSON.stringify(event);
    const headers = { 'x-signature': hmac('sha256', secret, body), 'x-event-name': event['meta'].event_name };
    return postEvent(connectionId, body, headers);
  };

  beforeAll(async () => {
    connectionId = (await connectStore(owner, app, 'lemonsqueezy', secret)).id;
    await mapProduct(owner, app, connectionId, { externalId: '289177', expectedAmount: 1999, currency: 'USD' });
    await mapProduct(owner, app, connectionId, { externalId: '289180', name: 'Monthly' });
  });

  it('an order yields a key; order_refunded bans it', async () => {
    const bought = await post(fixture('lemonsqueezy', 'order_created'));
    expect(bought.status).toBe(200);
    const [key] = bought.body.data.keys as string[];
    await used(key!);
    expect((await post(fixture('lemonsqueezy', 'order_refunded'))).status).toBe(200);
    await refusedAs(key!, 'License is banned');
  });

  it('a subscription: updates renew to renews_at, a cancellation ends at ends_at', async () => {
    const order = fixture('lemonsqueezy', 'order_created');
    Object.assign(order['data'], { id: '1804977' });
    Object.assign(order['data'].attributes.first_order_item, {
      order_id: 1804977,
      variant_id: 289180,
      price_id: 401270,
    });
    const bought = await post(order);
    const [key] = bought.body.data.keys as string[];
    await used(key!);

    const created = fixture('lemonsqueezy', 'subscription_created');
    created['data'].attributes.renews_at = inDays(30).toISOString();
    expect((await post(created)).status).toBe(200);
    const updated = fixture('lemonsqueezy', 'subscription_updated');
    const renewsAt = inDays(61);
    updated['data'].attributes.renews_at = renewsAt.toISOString();
    expect((await post(updated)).status).toBe(200);
    expect((await licenseOf(key!)).expires_at.getTime()).toBe(renewsAt.getTime() + DAY);
    expect((await orderOf('1804977')).status).toBe('active');

    const cancelled = fixture('lemonsqueezy', 'subscription_cancelled');
    const endsAt = inDays(12);
    cancelled['data'].attributes.ends_at = endsAt.toISOString();
    expect((await post(cancelled)).status).toBe(200);
    expect((await licenseOf(key!)).expires_at.getTime()).toBe(endsAt.getTime());
    expect((await orderOf('1804977')).status).toBe('ending');
  });
});

describe('Sellix dynamic delivery', () => {
  const secret = `sellix-${unique()}`;
  let connectionId = '';
  const post = (event: Json, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(event);
    return postEvent(connectionId, body, { 'x-sellix-signature': hmac('sha512', secret, body), ...headers });
  };

  beforeAll(async () => {
    connectionId = (await connectStore(owner, app, 'sellix', secret)).id;
    await mapProduct(owner, app, connectionId, { externalId: '6390d9a4b3c1e', expectedAmount: 999, currency: 'USD' });
  });

  it('answers product:dynamic with the key as text; a redelivery answers it again; a refund bans it', async () => {
    const event = fixture('sellix', 'product-dynamic');
    const delivered = await post(event, { 'x-sellix-event': 'product:dynamic' });
    expect(delivered.status).toBe(200);
    expect(delivered.headers.get('content-type')).toMatch(/^text\/plain/);
    const key = textOf(delivered);
    expect(key).toMatch(/^\S+$/);
    await used(key);
    expect(textOf(await post(fixture('sellix', 'order-paid')))).toBe(key);
    expect(textOf(await post(event))).toBe(key);

    expect((await post(fixture('sellix', 'order-updated-refunded'))).status).toBe(200);
    await refusedAs(key, 'License is banned');
  });

  it('refuses an order paid below the mapping’s amount, and a dispute bans another order’s key', async () => {
    const cheap = fixture('sellix', 'product-dynamic');
    Object.assign(cheap['data'], { uniqid: `cheap-${unique()}`, total: 0.99 });
    const refused = await post(cheap);
    expect([refused.status, refused.body.code]).toEqual([422, 'STORE_AMOUNT_REFUSED']);

    const other = fixture('sellix', 'product-dynamic');
    other['data'].uniqid = `disputed-${unique()}`;
    const key = textOf(await post(other));
    await used(key);
    const dispute = fixture('sellix', 'order-disputed');
    dispute['data'].uniqid = other['data'].uniqid;
    expect((await post(dispute)).status).toBe(200);
    await refusedAs(key, 'License is banned');
  });
});

describe('SellApp dynamic delivery', () => {
  const secret = `sellapp-${unique()}`;
  let connectionId = '';
  const post = (event: Json) => {
    const body = JSON.stringify(event);
    return postEvent(connectionId, body, { signature: hmac('sha256', secret, body) });
  };

  beforeAll(async () => {
    connectionId = (await connectStore(owner, app, 'sellapp', secret)).id;
    await mapProduct(owner, app, connectionId, { externalId: '40112', expectedAmount: 1499, currency: 'USD' });
  });

  it('answers the dynamic webhook with the keys, one per line; a dispute bans them', async () => {
    const delivered = await post(fixture('sellapp', 'dynamic'));
    expect(delivered.status).toBe(200);
    const keys = textOf(delivered).split('\n');
    expect(keys).toHaveLength(2);
    await used(keys[1]!);
    expect(textOf(await post(fixture('sellapp', 'order.completed')))).toBe(textOf(delivered));
    expect(await orderOf('583214')).toMatchObject({ quantity: 2, amount: 2998, buyerEmail: 'buyer@example.com' });

    expect((await post(fixture('sellapp', 'order.disputed'))).status).toBe(200);
    await refusedAs(keys[1]!, 'License is banned');
    expect((await orderOf('583214')).status).toBe('chargeback');
  });
});
