// Issue 42, store-core: Stripe. Events built as Stripe builds them (support/stripe-events.ts) and signed
// by Stripe's own library; a Payment Link sale, a session named by metadata, a subscription's renewal,
// cancellation and end, refunds (full and partial) and a dispute, each checked through `/v1`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { ownerWithApp } from './factories/index.js';
import { clientFor, closeDb, db, patchApp } from './support/api.js';
import { connectStore, mapProduct, postEvent, postStripe, storeEvents, storeOrders } from './support/store.js';
import {
  charge,
  checkoutSession,
  dispute,
  invoice,
  stripeEvent,
  stripeId,
  subscription,
} from './support/stripe-events.js';

const SECRET = 'whsec_c3RvcmUtY29yZS1zdHJpcGUtdGVzdA';
const { owner, app } = ownerWithApp({ name: 'Stripe Shop' });
let connectionId: string;
const PAYMENT_LINK = stripeId('plink');
const DAY = 86_400_000;

beforeAll(async () => {
  await patchApp(owner, app, { rateLimitPerMinute: 0 });
  connectionId = (await connectStore(owner, app, 'stripe', SECRET)).id;
  await mapProduct(owner, app, connectionId, { externalId: PAYMENT_LINK, expectedAmount: 1999, currency: 'USD' });
  await mapProduct(owner, app, connectionId, { externalId: 'price_pro_monthly', name: 'Pro monthly' });
});
afterAll(closeDb);

const send = (type: string, object: object, previous?: object) =>
  postStripe(connectionId, SECRET, stripeEvent(type, object, previous));

async function keyState(key: string) {
  const { rows } = await db().query('SELECT status, expires_at, ban_reason FROM licenses WHERE key = $1', [key]);
  return rows[0];
}

describe('Stripe', () => {
  it('a Payment Link sale yields a key that works through /v1, with the buyer and amount', async () => {
    const session = checkoutSession({ paymentLink: PAYMENT_LINK, email: 'ada@example.com' });
    const answer = await send('checkout.session.completed', session);
    expect(answer.status).toBe(200);
    const [key] = answer.body.data.keys;
    expect((await clientFor(app).license(key)).status).toBe(200);
    const { data } = await storeOrders(owner, app, `?search=${session.id}`);
    expect(data[0]).toMatchObject({
      provider: 'stripe',
      buyerEmail: 'ada@example.com',
      amount: 1999,
      currency: 'USD',
      status: 'paid',
    });
  });

  it('names the mapping by latchkey_product metadata, with latchkey_quantity units', async () => {
    const session = checkoutSession({
      paymentLink: null,
      metadata: { latchkey_product: 'price_pro_monthly', latchkey_quantity: '2' },
    });
    const answer = await send('checkout.session.completed', session);
    expect(answer.body.data.keys).toHaveLength(2);
  });

  it('refuses wrong signatures, stale ones, amounts below the mapping and unknown products, and records them', async () => {
    const event = stripeEvent('checkout.session.completed', checkoutSession({ paymentLink: PAYMENT_LINK }));
    expect((await postStripe(connectionId, 'whsec_other', event)).status).toBe(400);
    const payload = JSON.stringify(event);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await postEvent(connectionId, payload, { 'stripe-signature': stale })).status).toBe(400);
    const cheap = checkoutSession({ paymentLink: PAYMENT_LINK, amountTotal: 99 });
    expect((await send('checkout.session.completed', cheap)).body.code).toBe('STORE_AMOUNT_REFUSED');
    const unknown = checkoutSession({ paymentLink: stripeId('plink') });
    expect((await send('checkout.session.completed', unknown)).body.code).toBe('STORE_PRODUCT_UNKNOWN');
    const refused = await storeEvents(owner, app, `?outcome=refused&connectionId=${connectionId}`);
    expect(refused.map((e) => e.reason)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Invalid signature: No signatures found matching/),
        expect.stringMatching(/^Invalid signature: Timestamp outside the tolerance zone/),
        expect.stringContaining('Paid 99'),
      ]),
    );
    // Paid by a delayed method: nothing until the payment succeeds.
    const pending = checkoutSession({ paymentLink: PAYMENT_LINK, paymentStatus: 'unpaid' });
    expect((await send('checkout.session.completed', pending)).body.data.keys).toEqual([]);
    const paid = await send('checkout.session.async_payment_succeeded', { ...pending, payment_status: 'paid' });
    expect(paid.body.data.keys).toHaveLength(1);
    expect((await send('customer.created', { id: stripeId('cus'), object: 'customer' })).status).toBe(200);
  });

  it('a subscription renews on invoice.paid, cancels at the period end, and ends', async () => {
    const session = checkoutSession({ mode: 'subscription', paymentLink: PAYMENT_LINK });
    const [key] = (await send('checkout.session.completed', session)).body.data.keys;
    const login = await clientFor(app).license(key);
    expect(login.status).toBe(200);
    const first = await send(
      'invoice.paid',
      invoice(session.subscription!, new Date(Date.now() + 30 * DAY), 'subscription_create'),
    );
    expect(first.body.data.keys).toEqual([key]);

    const periodEnd = new Date(Math.floor((Date.now() + 61 * DAY) / 1000) * 1000);
    expect((await send('invoice.paid', invoice(session.subscription!, periodEnd))).status).toBe(200);
    expect((await keyState(key)).expires_at.getTime()).toBe(periodEnd.getTime() + DAY);

    const cancelled = subscription(session.subscription!, periodEnd, { cancel_at_period_end: true });
    expect((await send('customer.subscription.updated', cancelled, { cancel_at_period_end: false })).status).toBe(200);
    expect((await keyState(key)).expires_at.getTime()).toBe(periodEnd.getTime());
    expect((await storeOrders(owner, app, `?search=${session.id}`)).data[0].status).toBe('ending');

    const resumed = subscription(session.subscription!, periodEnd);
    await send('customer.subscription.updated', resumed, { cancel_at_period_end: true });
    expect((await storeOrders(owner, app, `?search=${session.id}`)).data[0].status).toBe('active');

    const ended = subscription(session.subscription!, periodEnd, {
      status: 'canceled',
      ended_at: Math.floor(Date.now() / 1000),
    });
    await send('customer.subscription.deleted', ended);
    const refused = await clientFor(app).check(login.body.data.sessionToken);
    expect(refused.status).toBe(401);
    expect([(await clientFor(app).license(key)).body.message]).toEqual(['License has expired']);
  });

  it('a full refund bans the keys; a partial one leaves them; a dispute bans them', async () => {
    const refundedSession = checkoutSession({ paymentLink: PAYMENT_LINK });
    const [refundedKey] = (await send('checkout.session.completed', refundedSession)).body.data.keys;
    const partial = await send('charge.refunded', charge(refundedSession.payment_intent!, { refunded: false }));
    expect(partial.status).toBe(200);
    expect((await keyState(refundedKey)).status).toBe('UNUSED');
    await send('charge.refunded', charge(refundedSession.payment_intent!));
    expect(await keyState(refundedKey)).toMatchObject({
      status: 'BANNED',
      ban_reason: expect.stringContaining('Refunded'),
    });
    expect((await clientFor(app).license(refundedKey)).body.message).toBe('License is banned');

    const disputedSession = checkoutSession({ paymentLink: PAYMENT_LINK });
    const [disputedKey] = (await send('checkout.session.completed', disputedSession)).body.data.keys;
    await send('charge.dispute.created', dispute(disputedSession.payment_intent!));
    expect(await keyState(disputedKey)).toMatchObject({
      status: 'BANNED',
      ban_reason: expect.stringContaining('fraudulent'),
    });
    const { data } = await storeOrders(owner, app, `?search=${disputedSession.id}`);
    expect(data[0]).toMatchObject({ status: 'chargeback', statusReason: 'Dispute: fraudulent' });
  });
});
