// Issue 42, store-core: connections and mappings in the console, Latchkey's generic signed webhook, and
// what purchases, refunds, renewals and cancellations do to keys, checked through `/v1` with the SDK.
import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ownerWithApp } from './factories/index.js';
import { clientFor, closeDb, db, http, patchApp, recordedEvents } from './support/api.js';
import { auditEntries } from './support/reads.js';
import {
  connectStore,
  genericHeaders,
  mapProduct,
  postEvent,
  postGeneric,
  storeEvents,
  storeOrders,
  storePath,
} from './support/store.js';

const { owner, app } = ownerWithApp({ name: 'Store Shop' });
afterAll(closeDb);

const purchase = (fields: Record<string, unknown> = {}) => ({
  id: `evt_${randomUUID()}`,
  type: 'purchase',
  orderId: `order-${randomUUID()}`,
  productId: 'pro-monthly',
  quantity: 1,
  amount: 1999,
  currency: 'USD',
  email: 'Buyer@Example.com',
  ...fields,
});

async function genericShop(product: Record<string, unknown> = {}) {
  await patchApp(owner, app, { rateLimitPerMinute: 0 });
  const connection = await connectStore(owner, app, 'generic');
  await mapProduct(owner, app, connection.id, {
    externalId: 'pro-monthly',
    expectedAmount: 1999,
    currency: 'usd',
    ...product,
  });
  return connection;
}

describe('connections and mappings', () => {
  it('makes a generic connection’s secret once, seals it at rest and rotates it', async () => {
    const made = await connectStore(owner, app, 'generic');
    expect(made.signingSecret).toMatch(/^lkwh_[A-Za-z0-9_-]{43}$/);
    expect(made.webhookUrl).toMatch(new RegExp(`/store/webhooks/${made.id}$`));
    const listed = await http('GET', storePath(app, '/connections'), { token: owner.token });
    expect(listed.body.data.find((c: any) => c.id === made.id)).not.toHaveProperty('signingSecret');
    const { rows } = await db().query('SELECT signing_secret FROM store_connections WHERE id = $1', [made.id]);
    expect(Buffer.from(rows[0].signing_secret).includes(Buffer.from(made.signingSecret!))).toBe(false);

    const rotated = await http('POST', storePath(app, `/connections/${made.id}/secret`), { token: owner.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.signingSecret).not.toBe(made.signingSecret);
    await mapProduct(owner, app, made.id, { externalId: 'pro-monthly' });
    expect((await postGeneric(made, purchase())).status).toBe(400);
    expect((await postGeneric(rotated.body.data, purchase())).status).toBe(200);
  });

  it('needs the store’s own secret for other stores, and rotates only generic ones', async () => {
    const missing = await http('POST', storePath(app, '/connections'), {
      token: owner.token,
      body: { provider: 'stripe', name: 'Stripe' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'signingSecret', message: expect.any(String) }]);
    const stripe = await connectStore(owner, app, 'stripe', 'whsec_test');
    expect(stripe.signingSecret).toBeNull();
    const rotate = await http('POST', storePath(app, `/connections/${stripe.id}/secret`), { token: owner.token });
    expect(rotate.status).toBe(400);
    expect(rotate.body.code).toBe('STORE_SECRET_NOT_ROTATABLE');
    const renamed = await http('PATCH', storePath(app, `/connections/${stripe.id}`), {
      token: owner.token,
      body: { name: 'Main Stripe', signingSecret: 'whsec_new' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Main Stripe', enabled: true });
    const bad = await http('POST', storePath(app, '/connections'), {
      token: owner.token,
      body: { provider: 'shopify', name: 'x' },
    });
    expect(bad.body.fields[0].field).toBe('provider');
  });

  it('maps a store id once per connection, checks fields, edits and deletes mappings', async () => {
    const connection = await connectStore(owner, app, 'generic');
    const product = await mapProduct(owner, app, connection.id, { externalId: 'sku-1', currency: 'eur' });
    expect(product).toMatchObject({ keysPerUnit: 1, level: 1, maxDevices: 1, currency: 'EUR', expectedAmount: null });
    const again = await http('POST', storePath(app, `/connections/${connection.id}/products`), {
      token: owner.token,
      body: { externalId: 'sku-1', name: 'Again', durationType: '1d' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'STORE_PRODUCT_TAKEN']);
    const invalid = await http('POST', storePath(app, `/connections/${connection.id}/products`), {
      token: owner.token,
      body: { externalId: 'sku-2', name: 'X', durationType: '2d', currency: 'dollars', keysPerUnit: 0 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.map((f: any) => f.field).sort()).toEqual(['currency', 'durationType', 'keysPerUnit']);
    const edited = await http('PATCH', storePath(app, `/products/${product.id}`), {
      token: owner.token,
      body: { keysPerUnit: 3, expectedAmount: 500, renewalUrl: 'https://shop.example.com/pro' },
    });
    expect(edited.body.data).toMatchObject({ keysPerUnit: 3, expectedAmount: 500, currency: 'EUR' });
    const listed = await http('GET', storePath(app, `/connections/${connection.id}/products`), { token: owner.token });
    expect(listed.body.data).toHaveLength(1);
    expect((await http('DELETE', storePath(app, `/products/${product.id}`), { token: owner.token })).status).toBe(200);
    expect((await http('DELETE', storePath(app, `/products/${product.id}`), { token: owner.token })).status).toBe(404);
    const types = (await auditEntries(owner, app, '&type=admin.store')).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['admin.store.product.create', 'admin.store.product.delete']));
  });
});

describe('a purchase through the generic webhook', () => {
  it('yields a key that works through /v1, listed with its order, audited and announced', async () => {
    const connection = await genericShop({ level: 3 });
    const event = purchase();
    const answer = await postGeneric(connection, event);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [key] = answer.body.data.keys;
    expect(answer.body.data.keys).toHaveLength(1);
    const login = await clientFor(app).license(key);
    expect(login.status).toBe(200);
    expect(login.body.data.user.level).toBe(3);

    const { data: orders } = await storeOrders(owner, app, `?search=${event.orderId}`);
    expect(orders).toEqual([
      expect.objectContaining({
        externalOrderId: event.orderId,
        status: 'paid',
        buyerEmail: 'Buyer@Example.com',
        amount: 1999,
        currency: 'USD',
        emailStatus: 'off',
        keys: [{ licenseId: expect.any(String), key }],
      }),
    ]);
    const license = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${orders[0].keys[0].licenseId}`, {
      token: owner.token,
    });
    expect(license.body.data.orderId).toBe(orders[0].id);
    const detail = await http('GET', storePath(app, `/orders/${orders[0].id}`), { token: owner.token });
    expect(detail.body.data.events).toEqual([
      expect.objectContaining({ externalEventId: event.id, kind: 'purchase', outcome: 'applied' }),
    ]);
    const fulfilled = (await recordedEvents(app.appId)).filter((e) => e.name === 'order.fulfilled');
    expect(fulfilled.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ orderId: orders[0].id, keys: [key], provider: 'generic', quantity: 1 }),
    );
    const [audit] = await auditEntries(owner, app, '&type=store.order.fulfil');
    expect(audit).toMatchObject({ actor: 'store', details: { orderId: orders[0].id, keys: [key] } });
  });

  it('answers a redelivery with the same keys and makes none', async () => {
    const connection = await genericShop({ keysPerUnit: 2 });
    const event = purchase({ quantity: 2, amount: 3998 });
    const first = await postGeneric(connection, event);
    const second = await postGeneric(connection, event);
    expect(first.body.data.keys).toHaveLength(4);
    expect(second.body).toEqual(first.body);
    const events = await storeEvents(owner, app, `?connectionId=${connection.id}`);
    expect(events.map((e) => e.outcome)).toEqual(['duplicate', 'applied']);
    const sameOrder = await postGeneric(connection, { ...event, id: `evt_${randomUUID()}` });
    expect(sameOrder.body).toEqual(first.body);
  });

  it('refuses and records bad signatures, unknown products, wrong amounts and unreadable events', async () => {
    const connection = await genericShop();
    const body = JSON.stringify(purchase());
    const cases: Array<[string, Promise<{ status: number; body: any }>, number, string]> = [
      ['signature', postEvent(connection.id, body, genericHeaders('lkwh_wrong', body)), 400, 'STORE_SIGNATURE_INVALID'],
      [
        'old',
        postEvent(
          connection.id,
          body,
          genericHeaders(connection.signingSecret!, body, Math.floor(Date.now() / 1000) - 301),
        ),
        400,
        'STORE_SIGNATURE_INVALID',
      ],
      ['unsigned', postEvent(connection.id, body, {}), 400, 'STORE_SIGNATURE_INVALID'],
      ['product', postGeneric(connection, purchase({ productId: 'nope' })), 422, 'STORE_PRODUCT_UNKNOWN'],
      ['amount', postGeneric(connection, purchase({ amount: 1000 })), 422, 'STORE_AMOUNT_REFUSED'],
      ['currency', postGeneric(connection, purchase({ currency: 'EUR' })), 422, 'STORE_AMOUNT_REFUSED'],
      ['quantity', postGeneric(connection, purchase({ quantity: 101 })), 400, 'STORE_EVENT_UNREADABLE'],
      ['type', postGeneric(connection, purchase({ type: 'gift' })), 400, 'STORE_EVENT_UNREADABLE'],
      ['order', postGeneric(connection, purchase({ type: 'refund' })), 422, 'STORE_ORDER_UNKNOWN'],
      ['nul', postGeneric(connection, purchase({ orderId: 'a\u0000b' })), 400, 'STORE_EVENT_UNREADABLE'],
      ['surrogate', postGeneric(connection, purchase({ email: 'a\ud800@b.example' })), 400, 'STORE_EVENT_UNREADABLE'],
    ];
    for (const [what, sent, status, code] of cases) {
      const answer = await sent;
      expect([what, answer.status, answer.body.code, answer.body.success]).toEqual([what, status, code, false]);
    }
    const notJson = '{"id": ';
    expect((await postEvent(connection.id, notJson, genericHeaders(connection.signingSecret!, notJson))).status).toBe(
      400,
    );
    const refused = await storeEvents(owner, app, `?connectionId=${connection.id}&outcome=refused`);
    expect(refused).toHaveLength(cases.length + 1);
    const unsignedReasons = refused.filter((e) => e.reason.startsWith('Invalid signature'));
    expect(unsignedReasons.every((e) => e.externalEventId === null && e.kind === null)).toBe(true);
    expect(refused.map((e) => e.reason)).toContainEqual(expect.stringContaining('No product mapping for nope'));
    expect((await storeOrders(owner, app, `?connectionId=${connection.id}`)).data).toEqual([]);
    // The vendor maps the product: the store's retry of the refused event is fulfilled.
    await mapProduct(owner, app, connection.id, { externalId: 'nope' });
    expect((await postGeneric(connection, purchase({ productId: 'nope' }))).status).toBe(200);
  });

  it('answers 404 for unknown and disabled connections, 413 past the body limit', async () => {
    const connection = await genericShop();
    const text = JSON.stringify(purchase());
    const plain = await postEvent(connection.id, text, {
      ...genericHeaders(connection.signingSecret!, text),
      'content-type': 'text/plain; charset=utf-8',
    });
    expect(plain.status).toBe(200);
    expect((await postGeneric({ ...connection, id: randomUUID() }, purchase())).status).toBe(404);
    expect((await postGeneric({ ...connection, id: 'not-a-uuid' }, purchase())).status).toBe(404);
    const big = JSON.stringify(purchase({ reason: 'x'.repeat(300 * 1024) }));
    const tooBig = await postEvent(connection.id, big, genericHeaders(connection.signingSecret!, big));
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    await http('PATCH', storePath(app, `/connections/${connection.id}`), {
      token: owner.token,
      body: { enabled: false },
    });
    expect((await postGeneric(connection, purchase())).status).toBe(404);
    const [recorded] = await storeEvents(owner, app, `?connectionId=${connection.id}`);
    expect(recorded).toMatchObject({ outcome: 'refused', reason: 'The connection is disabled' });
  });
});
