// Issue 42, store-core: refunds, chargebacks, renewals and cancellations act on the keys an order
// produced, seen through `/v1`; orders are found by email, order id and key; a connection with orders stays.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CreatedStoreConnection } from '@latchkey/contracts';
import { createApp, ownerWithApp } from './factories/index.js';
import { clientFor, closeDb, db, http, patchApp, recordedEvents } from './support/api.js';
import { auditEntries, liveSessionCount } from './support/reads.js';
import { connectStore, mapProduct, postGeneric, storeOrders, storePath } from './support/store.js';

const { owner, app } = ownerWithApp({ name: 'Store Lifecycle' });
let shop: CreatedStoreConnection;
const DAY = 86_400_000;

beforeAll(async () => {
  await patchApp(owner, app, { rateLimitPerMinute: 0 });
  shop = await connectStore(owner, app, 'generic');
  await mapProduct(owner, app, shop.id, { externalId: 'pro', durationType: '30d' });
});
afterAll(closeDb);

const event = (type: string, fields: Record<string, unknown>) => ({ id: `evt_${randomUUID()}`, type, ...fields });

/** A purchase whose key is then used through `/v1`: the order's store id, the key and its session. */
async function boughtAndUsed(fields: Record<string, unknown> = {}) {
  const orderId = `order-${randomUUID()}`;
  const bought = await postGeneric(
    shop,
    event('purchase', { orderId, productId: 'pro', email: 'a@b.example', ...fields }),
  );
  expect(bought.status).toBe(200);
  const key: string = bought.body.data.keys[0];
  const login = await clientFor(app).license(key);
  expect(login.status).toBe(200);
  return { orderId, key, session: login.body.data, bought };
}

async function licenseOf(key: string) {
  const { rows } = await db().query('SELECT id, status, expires_at, ban_reason, user_id FROM licenses WHERE key = $1', [
    key,
  ]);
  return rows[0];
}

async function userExpiry(userId: string): Promise<Date | null> {
  const { rows } = await db().query('SELECT expires_at FROM users WHERE id = $1', [userId]);
  return rows[0].expires_at;
}

describe('a refund or chargeback', () => {
  it('bans the order’s keys with the reason, ends their sessions, and /v1 refuses them', async () => {
    const { orderId, key, session, bought } = await boughtAndUsed();
    const refund = await postGeneric(shop, event('refund', { orderId, reason: 'requested_by_customer' }));
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual(bought.body);
    const license = await licenseOf(key);
    expect(license).toMatchObject({ status: 'BANNED', ban_reason: expect.stringContaining('Refunded') });
    expect(license.ban_reason).toContain('requested_by_customer');
    expect(await liveSessionCount(session.user.userId)).toBe(0);
    const again = await clientFor(app).license(key);
    expect([again.status, again.body.message]).toEqual([403, 'License is banned']);
    const { data } = await storeOrders(owner, app, `?search=${orderId}`);
    expect(data[0]).toMatchObject({ status: 'refunded', statusReason: 'requested_by_customer' });
    const refunded = (await recordedEvents(app.appId)).filter((e) => e.name === 'order.refunded');
    expect(refunded.map((e) => e.data)).toContainEqual(expect.objectContaining({ status: 'refunded', keys: [key] }));
    expect((await auditEntries(owner, app, '&type=store.order.refund'))[0].details.keys).toEqual([key]);
    // A later renewal leaves a refunded order's keys banned.
    const renewal = await postGeneric(
      shop,
      event('renewal', { orderId, periodEnd: new Date(Date.now() + 30 * DAY).toISOString() }),
    );
    expect(renewal.status).toBe(200);
    expect((await licenseOf(key)).status).toBe('BANNED');
  });

  it('a chargeback names the order by a related id (its subscription)', async () => {
    const subscriptionId = `sub-${randomUUID()}`;
    const { key } = await boughtAndUsed({ subscriptionId });
    const chargeback = await postGeneric(shop, event('chargeback', { orderId: subscriptionId, reason: 'fraudulent' }));
    expect(chargeback.status).toBe(200);
    expect(await licenseOf(key)).toMatchObject({ status: 'BANNED' });
    const { data } = await storeOrders(owner, app, `?status=chargeback`);
    expect(data.map((o: any) => o.keys[0].key)).toContain(key);
  });
});

describe('a subscription', () => {
  it('renews: keys and their users run to the new period’s end plus a day', async () => {
    const subscriptionId = `sub-${randomUUID()}`;
    const { orderId, key, session } = await boughtAndUsed({ subscriptionId });
    const periodEnd = new Date(Date.now() + 60 * DAY);
    const renewal = await postGeneric(
      shop,
      event('renewal', { orderId: subscriptionId, subscriptionId, periodEnd: periodEnd.toISOString() }),
    );
    expect(renewal.status).toBe(200);
    const until = periodEnd.getTime() + DAY;
    expect((await licenseOf(key)).expires_at.getTime()).toBe(until);
    expect((await userExpiry(session.user.userId))!.getTime()).toBe(until);
    const check = await clientFor(app).check(session.sessionToken);
    expect(check.status).toBe(200);
    const { data } = await storeOrders(owner, app, `?search=${orderId}`);
    expect(data[0]).toMatchObject({ status: 'active', subscriptionId, periodEndsAt: periodEnd.toISOString() });
    const renewed = (await recordedEvents(app.appId)).filter((e) => e.name === 'order.renewed');
    expect(renewed.map((e) => e.data)).toContainEqual(expect.objectContaining({ orderId: data[0].id, keys: [key] }));
  });

  it('cancelled: its keys end at the paid period’s end; ended: /v1 refuses them', async () => {
    const subscriptionId = `sub-${randomUUID()}`;
    const { key, session } = await boughtAndUsed({ subscriptionId });
    const unused = await postGeneric(
      shop,
      event('purchase', { orderId: `order-${randomUUID()}`, productId: 'pro', subscriptionId: `${subscriptionId}-2` }),
    );
    const periodEnd = new Date(Date.now() + 10 * DAY);
    const cancel = await postGeneric(
      shop,
      event('cancellation', { orderId: subscriptionId, periodEnd: periodEnd.toISOString() }),
    );
    expect(cancel.status).toBe(200);
    expect((await licenseOf(key)).expires_at.getTime()).toBe(periodEnd.getTime());
    expect((await userExpiry(session.user.userId))!.getTime()).toBe(periodEnd.getTime());
    expect((await clientFor(app).check(session.sessionToken)).status).toBe(200);
    let { data } = await storeOrders(owner, app, `?status=ending`);
    expect(data.map((o: any) => o.subscriptionId)).toContain(subscriptionId);

    // The subscription ends now (the store's end of period, or an immediate cancellation).
    expect((await postGeneric(shop, event('cancellation', { orderId: subscriptionId }))).status).toBe(200);
    const ended = await clientFor(app).license(key);
    expect([ended.status, ended.body.message]).toEqual([403, 'License has expired']);
    ({ data } = await storeOrders(owner, app, `?status=ended`));
    expect(data.map((o: any) => o.subscriptionId)).toContain(subscriptionId);
    // An unused key of an ended subscription cannot be redeemed.
    await postGeneric(shop, event('cancellation', { orderId: `${subscriptionId}-2` }));
    const late = await clientFor(app).license(unused.body.data.keys[0]);
    expect([late.status, late.body.message]).toEqual([403, 'License has expired']);
    const cancelled = (await recordedEvents(app.appId)).filter((e) => e.name === 'order.cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
  });
});

describe('orders in the console', () => {
  it('are found by buyer email, store order id and key, exact or by their start', async () => {
    const email = `finder-${randomUUID().slice(0, 8)}@shop.example`;
    const { orderId, key } = await boughtAndUsed({ email });
    const find = async (search: string) =>
      (await storeOrders(owner, app, `?search=${encodeURIComponent(search)}`)).data.map((o: any) => o.externalOrderId);
    expect(await find(email)).toEqual([orderId]);
    expect(await find(email.slice(0, 14).toUpperCase())).toEqual([orderId]);
    expect(await find(orderId)).toEqual([orderId]);
    expect(await find(key)).toEqual([orderId]);
    expect(await find(key.slice(0, 11).toLowerCase())).toEqual([orderId]);
    expect(await find('no-such-order')).toEqual([]);
    const paged = await storeOrders(owner, app, '?limit=2');
    expect(paged.meta).toMatchObject({ page: 1, limit: 2 });
    const badFilter = await http('GET', storePath(app, '/orders?status=lost&connectionId=x'), { token: owner.token });
    expect(badFilter.status).toBe(400);
  });

  it('keep their connection: one with orders is not deleted (409), one without is', async () => {
    const kept = await http('DELETE', storePath(app, `/connections/${shop.id}`), { token: owner.token });
    expect([kept.status, kept.body.code]).toEqual([409, 'STORE_CONNECTION_HAS_ORDERS']);
    const spare = await connectStore(owner, app, 'generic');
    expect((await http('DELETE', storePath(app, `/connections/${spare.id}`), { token: owner.token })).status).toBe(200);
    const other = await http('GET', storePath({ appId: randomUUID() }, '/orders'), { token: owner.token });
    expect(other.status).toBe(404);
  });

  it('go with their app when it is deleted', async () => {
    const doomed = await createApp(owner, { name: 'Doomed shop' });
    const connection = await connectStore(owner, doomed, 'generic');
    await mapProduct(owner, doomed, connection.id, { externalId: 'pro' });
    expect((await postGeneric(connection, event('purchase', { orderId: 'o-1', productId: 'pro' }))).status).toBe(200);
    expect((await http('DELETE', `/v1/admin/apps/${doomed.appId}`, { token: owner.token })).status).toBe(200);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM store_orders WHERE app_id = $1', [doomed.appId]);
    expect(rows[0].n).toBe(0);
    expect((await postGeneric(connection, event('purchase', { orderId: 'o-2', productId: 'pro' }))).status).toBe(404);
  });
});
