import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { StoreSignatureError, type StoreRequest } from './store-connector.js';
import { StripeConnector } from './stripe.js';

const SECRET = 'whsec_unit_test';
const connector = new StripeConnector();

function signed(event: object, { secret = SECRET, timestamp = Math.floor(Date.now() / 1000) } = {}): StoreRequest {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { rawBody: Buffer.from(payload), headers: { 'stripe-signature': header }, receivedAt: new Date() };
}

const event = (type: string, object: object, previous?: object) => ({
  id: 'evt_1',
  object: 'event',
  type,
  data: { object, ...(previous ? { previous_attributes: previous } : {}) },
});

describe('the Stripe connector', () => {
  it('checks signatures with Stripe’s library: secret, bytes and age', () => {
    const ok = signed(event('customer.created', { id: 'cus_1' }));
    expect(() => connector.verify(ok, SECRET)).not.toThrow();
    expect(() => connector.verify(ok, 'whsec_other')).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...ok, rawBody: Buffer.concat([ok.rawBody, Buffer.from(' ')]) }, SECRET)).toThrow(
      StoreSignatureError,
    );
    const old = signed(event('customer.created', { id: 'cus_1' }), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => connector.verify(old, SECRET)).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...ok, headers: {} }, SECRET)).toThrow(StoreSignatureError);
  });

  it('reads a Payment Link session, a renewal, a cancellation, a refund and a dispute', () => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      payment_link: 'plink_1',
      payment_intent: 'pi_1',
      amount_total: 1999,
      currency: 'usd',
      customer_details: { email: 'a@b.example' },
      metadata: {},
    };
    expect(connector.parse(signed(event('checkout.session.completed', session)))).toMatchObject({
      kind: 'purchase',
      orderId: 'cs_1',
      productId: 'plink_1',
      relatedIds: ['pi_1'],
      amount: 1999,
      currency: 'USD',
      buyerEmail: 'a@b.example',
    });
    const invoice = {
      id: 'in_1',
      billing_reason: 'subscription_cycle',
      amount_paid: 1999,
      currency: 'usd',
      parent: { subscription_details: { subscription: 'sub_1' } },
      lines: { data: [{ period: { start: 1, end: 1_900_000_000 } }] },
    };
    expect(connector.parse(signed(event('invoice.paid', invoice)))).toMatchObject({
      kind: 'renewal',
      orderId: 'sub_1',
      relatedIds: ['in_1'],
      periodEndsAt: new Date(1_900_000_000_000),
    });
    const subscription = {
      id: 'sub_1',
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: 1_900_000_000 }] },
    };
    expect(connector.parse(signed(event('customer.subscription.updated', subscription)))).toMatchObject({
      kind: 'cancellation',
      periodEndsAt: new Date(1_900_000_000_000),
    });
    expect(
      connector.parse(signed(event('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', refunded: true }))),
    ).toMatchObject({
      kind: 'refund',
      orderId: 'pi_1',
    });
    expect(
      connector.parse(
        signed(
          event('charge.dispute.created', { id: 'dp_1', charge: 'ch_1', payment_intent: 'pi_1', reason: 'fraudulent' }),
        ),
      ),
    ).toMatchObject({ kind: 'chargeback', orderId: 'pi_1', reason: 'Dispute: fraudulent' });
    expect(connector.parse(signed(event('customer.created', { id: 'cus_1' })))).toMatchObject({ kind: 'ignored' });
  });

  it('refuses a session naming no product as unreadable', () => {
    const session = { id: 'cs_2', mode: 'payment', payment_status: 'paid', payment_link: null, metadata: {} };
    expect(() => connector.parse(signed(event('checkout.session.completed', session)))).toThrow(/names no product/);
  });
});
