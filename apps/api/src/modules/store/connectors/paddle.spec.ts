import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { PaddleConnector, paddleSignatureHeader, PADDLE_TOLERANCE_SECONDS } from './paddle.js';
import { StoreEventUnreadable, type StoreRequest, StoreSignatureError } from './store-connector.js';

// Fixtures: Paddle Billing's event envelope and entities as its webhook reference documents them.
const SECRET = 'pdl_ntfset_01gkpjp8bkm3tm53kdgkx6sms7_6h3qd3uFSi9YCD3OLYAShQI90XTI5vEI';
const NOW = new Date('2026-11-20T10:15:43Z');
const connector = new PaddleConnector();

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/paddle/${name}.json`, import.meta.url), 'utf8');
}

function edited(name: string, edit: (event: Record<string, any>) => void): string {
  const event = JSON.parse(fixture(name)) as Record<string, any>;
  edit(event);
  return JSON.stringify(event);
}

function signed(body: string, options: { secret?: string; ts?: number; receivedAt?: Date } = {}): StoreRequest {
  const ts = options.ts ?? Math.floor(NOW.getTime() / 1000);
  return {
    rawBody: Buffer.from(body),
    headers: { 'paddle-signature': paddleSignatureHeader(options.secret ?? SECRET, body, ts) },
    receivedAt: options.receivedAt ?? NOW,
  };
}

function parsed(body: string) {
  const request = signed(body);
  connector.verify(request, SECRET);
  return connector.parse(request);
}

describe('Paddle Billing signatures (ts + ":" + body, HMAC-SHA256)', () => {
  const body = fixture('transaction.completed');

  it('accepts the signature Paddle computes', () => {
    expect(() => connector.verify(signed(body), SECRET)).not.toThrow();
  });

  it('accepts any of several h1 values while a secret key rotates', () => {
    const request = signed(body);
    const old = paddleSignatureHeader('pdl_ntfset_old', body, Math.floor(NOW.getTime() / 1000)).split(';')[1];
    const header = `${request.headers['paddle-signature']!.split(';')[0]};${old};${request.headers['paddle-signature']!.split(';')[1]}`;
    expect(() => connector.verify({ ...request, headers: { 'paddle-signature': header } }, SECRET)).not.toThrow();
  });

  it('refuses another secret, a tampered body, a missing or malformed header', () => {
    expect(() => connector.verify(signed(body, { secret: 'pdl_ntfset_other' }), SECRET)).toThrow(StoreSignatureError);
    const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('"quantity": 2', '"quantity": 9')) };
    expect(() => connector.verify(tampered, SECRET)).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...signed(body), headers: {} }, SECRET)).toThrow(StoreSignatureError);
    for (const header of ['h1=abc', 'ts=1;ts=2;h1=abc', 'ts=x;h1=abc', `ts=${NOW.getTime() / 1000};h1=zz`]) {
      expect(() => connector.verify({ ...signed(body), headers: { 'paddle-signature': header } }, SECRET)).toThrow(
        StoreSignatureError,
      );
    }
  });

  it('refuses a timestamp outside the tolerance, either way', () => {
    const now = Math.floor(NOW.getTime() / 1000);
    for (const ts of [now - PADDLE_TOLERANCE_SECONDS - 1, now + PADDLE_TOLERANCE_SECONDS + 1]) {
      expect(() => connector.verify(signed(body, { ts }), SECRET)).toThrow(/tolerance/);
    }
    expect(() => connector.verify(signed(body, { ts: now - PADDLE_TOLERANCE_SECONDS }), SECRET)).not.toThrow();
  });
});

describe('Paddle Billing events', () => {
  it('transaction.completed (one-off): a purchase of the first item price, totals in minor units', () => {
    expect(parsed(fixture('transaction.completed'))).toEqual({
      eventId: 'evt_01hv8x2acma2gz1we6rq5q2b9p',
      kind: 'purchase',
      orderId: 'txn_01hv8wptq8987qeep44cyrewp9',
      relatedIds: [],
      subscriptionId: null,
      productId: 'pri_01gsz8x8sawmvhz1pv30nge1ke',
      quantity: 2,
      amount: 5800,
      currency: 'USD',
      buyerEmail: 'buyer@example.com',
      periodEndsAt: null,
      reason: null,
    });
  });

  it('transaction.completed (a subscription first payment): a purchase linked to its subscription and period', () => {
    const event = parsed(fixture('transaction.completed.subscription'));
    expect(event).toMatchObject({
      kind: 'purchase',
      orderId: 'txn_01hv9a0e5z4j7c5r6tpsfjq9yb',
      subscriptionId: 'sub_01hv9a1rz7a4pe2q4gqbm3y0t1',
      relatedIds: ['sub_01hv9a1rz7a4pe2q4gqbm3y0t1'],
      productId: 'pri_01gsz91wy9k1yn7kx82aafwvea',
      amount: 1071,
      currency: 'EUR',
      buyerEmail: null,
      periodEndsAt: new Date('2026-12-21T08:01:58.337Z'),
    });
  });

  it('transaction.completed with origin subscription_recurring: a renewal to the billing period end', () => {
    expect(parsed(fixture('transaction.completed.recurring'))).toMatchObject({
      kind: 'renewal',
      orderId: 'sub_01hv9a1rz7a4pe2q4gqbm3y0t1',
      relatedIds: ['txn_01hwq3h0km8sxg0m5wdp2ce7ft'],
      periodEndsAt: new Date('2027-01-21T08:01:58.337Z'),
    });
  });

  it('a plan change, charge or payment method update on a subscription buys no keys', () => {
    for (const origin of ['subscription_update', 'subscription_charge', 'subscription_payment_method_change']) {
      const body = edited('transaction.completed.recurring', (e) => (e['data'].origin = origin));
      expect(parsed(body)).toMatchObject({
        kind: 'ignored',
        orderId: 'sub_01hv9a1rz7a4pe2q4gqbm3y0t1',
        relatedIds: ['txn_01hwq3h0km8sxg0m5wdp2ce7ft'],
        productId: null,
      });
    }
  });

  it('subscription.updated with a scheduled cancel: ends at its effective_at; other changes are ignored', () => {
    expect(parsed(fixture('subscription.updated.cancel'))).toMatchObject({
      kind: 'cancellation',
      orderId: 'sub_01hv9a1rz7a4pe2q4gqbm3y0t1',
      periodEndsAt: new Date('2026-12-21T08:01:58.337Z'),
    });
    const noChange = edited('subscription.updated.cancel', (e) => (e['data'].scheduled_change = null));
    expect(parsed(noChange)).toMatchObject({ kind: 'ignored', reason: 'No scheduled cancellation' });
  });

  it('subscription.canceled: ends at canceled_at', () => {
    expect(parsed(fixture('subscription.canceled'))).toMatchObject({
      kind: 'cancellation',
      orderId: 'sub_01hv9a1rz7a4pe2q4gqbm3y0t1',
      periodEndsAt: new Date('2026-12-21T08:01:58.337Z'),
    });
  });

  it('an approved full refund bans; pending, rejected and partial ones do not', () => {
    expect(parsed(fixture('adjustment.updated.refund'))).toMatchObject({
      kind: 'refund',
      orderId: 'txn_01hv8wptq8987qeep44cyrewp9',
      amount: 5800,
      reason: 'Refunded: The customer bought the wrong plan',
    });
    for (const status of ['pending_approval', 'rejected']) {
      const body = edited('adjustment.updated.refund', (e) => (e['data'].status = status));
      expect(parsed(body).kind).toBe('ignored');
    }
    const partial = edited('adjustment.updated.refund', (e) => (e['data'].type = 'partial'));
    expect(parsed(partial)).toMatchObject({ kind: 'ignored', reason: 'A partial refund: the keys stay' });
    const credit = edited('adjustment.updated.refund', (e) => (e['data'].action = 'credit'));
    expect(parsed(credit).kind).toBe('ignored');
  });

  it('a chargeback adjustment is a chargeback of its transaction', () => {
    expect(parsed(fixture('adjustment.created.chargeback'))).toMatchObject({
      kind: 'chargeback',
      orderId: 'txn_01hv8wptq8987qeep44cyrewp9',
      reason: 'Chargeback: fraudulent',
    });
  });

  it('an event type Latchkey does not act on is ignored with a reason', () => {
    expect(parsed(fixture('customer.created'))).toMatchObject({
      kind: 'ignored',
      eventId: 'evt_01hv8wt8s2gqe7m6nwbxq7d6c3',
      reason: 'Latchkey does not act on customer.created',
    });
  });

  it('refuses bodies it cannot read', () => {
    const unreadable = [
      'not json',
      '[1]',
      '{"event_type":"transaction.completed","data":{}}',
      edited('transaction.completed', (e) => (e['data'].items = [])),
      edited('transaction.completed', (e) => (e['data'].items[0].quantity = 0)),
      edited('transaction.completed.recurring', (e) => (e['data'].billing_period = null)),
      edited('subscription.updated.cancel', (e) => (e['data'].scheduled_change.effective_at = null)),
      edited('adjustment.updated.refund', (e) => delete e['data'].transaction_id),
    ];
    for (const body of unreadable) expect(() => parsed(body)).toThrow(StoreEventUnreadable);
  });

  it('answers the keys as JSON in the contract envelope', () => {
    expect(JSON.parse(connector.answer(['K1']).body)).toEqual({
      success: true,
      message: 'Event received',
      data: { keys: ['K1'] },
    });
  });
});
