import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { LemonSqueezyConnector, lemonSqueezySignature } from './lemonsqueezy.js';
import { StoreEventUnreadable, type StoreRequest, StoreSignatureError } from './store-connector.js';

// Fixtures: Lemon Squeezy's webhook bodies (meta + JSON:API data) as its webhook and object references document them.
const SECRET = 'ls-signing-secret-2f9c';
const connector = new LemonSqueezyConnector();

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/lemonsqueezy/${name}.json`, import.meta.url), 'utf8');
}

function edited(name: string, edit: (attributes: Record<string, any>, body: Record<string, any>) => void): string {
  const body = JSON.parse(fixture(name)) as Record<string, any>;
  edit(body['data'].attributes, body);
  return JSON.stringify(body);
}

function signed(body: string, secret = SECRET): StoreRequest {
  const name = /"event_name":\s*"([^"]+)"/.exec(body)?.[1] ?? 'unknown';
  return {
    rawBody: Buffer.from(body),
    headers: { 'x-signature': lemonSqueezySignature(secret, body), 'x-event-name': name },
    receivedAt: new Date(),
  };
}

function parsed(body: string) {
  const request = signed(body);
  connector.verify(request, SECRET);
  return connector.parse(request);
}

describe('Lemon Squeezy signatures (X-Signature: hex HMAC-SHA256 of the body)', () => {
  const body = fixture('order_created');

  it('accepts the signature Lemon Squeezy computes', () => {
    expect(() => connector.verify(signed(body), SECRET)).not.toThrow();
  });

  it('refuses another secret, a tampered body, a missing or malformed signature', () => {
    expect(() => connector.verify(signed(body, 'another-secret'), SECRET)).toThrow(StoreSignatureError);
    const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('"total": 1999', '"total": 1')) };
    expect(() => connector.verify(tampered, SECRET)).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...signed(body), headers: {} }, SECRET)).toThrow(StoreSignatureError);
    const short = { ...signed(body), headers: { 'x-signature': 'abcd' } };
    expect(() => connector.verify(short, SECRET)).toThrow(StoreSignatureError);
  });
});

describe('Lemon Squeezy events', () => {
  it('order_created (paid): a purchase of first_order_item.variant_id', () => {
    expect(parsed(fixture('order_created'))).toEqual({
      eventId: 'order_created:orders:1804512:2026-11-20T10:15:41.000000Z',
      kind: 'purchase',
      orderId: '1804512',
      relatedIds: [],
      subscriptionId: null,
      productId: '289177',
      quantity: 1,
      amount: 1999,
      currency: 'USD',
      buyerEmail: 'ada@example.com',
      periodEndsAt: null,
      reason: null,
    });
  });

  it('an order not paid yet is ignored; a test-mode order is fulfilled like a live one', () => {
    const pending = edited('order_created', (a) => (a['status'] = 'pending'));
    expect(parsed(pending)).toMatchObject({ kind: 'ignored', reason: 'The order is pending, not paid' });
    const test = edited('order_created', (a, body) => {
      body['meta'].test_mode = true;
      a['test_mode'] = true;
    });
    expect(parsed(test).kind).toBe('purchase');
  });

  it('order_refunded: a full refund bans, a partial one is ignored', () => {
    expect(parsed(fixture('order_refunded'))).toMatchObject({ kind: 'refund', orderId: '1804512', amount: 1999 });
    const partial = edited('order_refunded', (a) => (a['status'] = 'partial_refund'));
    expect(parsed(partial)).toMatchObject({ kind: 'ignored', reason: 'A partial refund: the keys stay' });
  });

  it('subscription_created and subscription_updated (active) renew the first order to renews_at', () => {
    expect(parsed(fixture('subscription_created'))).toMatchObject({
      kind: 'renewal',
      orderId: 'subscription:702418',
      subscriptionId: '702418',
      relatedIds: ['1804977'],
      periodEndsAt: new Date('2026-12-21T08:01:58.000Z'),
    });
    const renewed = parsed(fixture('subscription_updated'));
    expect(renewed).toMatchObject({ kind: 'renewal', periodEndsAt: new Date('2027-01-21T08:01:58.000Z') });
    expect(renewed.eventId).toBe('subscription_updated:subscriptions:702418:2026-12-21T08:03:12.000000Z');
  });

  it('a past_due or paused subscription changes nothing', () => {
    for (const status of ['past_due', 'unpaid', 'paused']) {
      const body = edited('subscription_updated', (a) => (a['status'] = status));
      expect(parsed(body)).toMatchObject({ kind: 'ignored' });
    }
  });

  it('subscription_cancelled (or an update to cancelled) ends at ends_at; subscription_expired ends', () => {
    const ends = new Date('2026-12-21T08:01:58.000Z');
    expect(parsed(fixture('subscription_cancelled'))).toMatchObject({
      kind: 'cancellation',
      orderId: 'subscription:702418',
      relatedIds: ['1804977'],
      periodEndsAt: ends,
    });
    const update = edited('subscription_cancelled', (_a, body) => (body['meta'].event_name = 'subscription_updated'));
    expect(parsed(update)).toMatchObject({ kind: 'cancellation', periodEndsAt: ends });
    expect(parsed(fixture('subscription_expired'))).toMatchObject({ kind: 'cancellation', reason: 'Expired' });
  });

  it('subscription_payment_success links its invoice; subscription_payment_refunded bans', () => {
    expect(parsed(fixture('subscription_payment_success'))).toMatchObject({
      kind: 'ignored',
      orderId: 'subscription:702418',
      relatedIds: ['invoice:3351207'],
      amount: 1071,
    });
    expect(parsed(fixture('subscription_payment_refunded'))).toMatchObject({
      kind: 'refund',
      orderId: 'subscription:702418',
      relatedIds: ['invoice:3351207'],
    });
  });

  it('an event type Latchkey does not act on is ignored with a reason', () => {
    expect(parsed(fixture('license_key_created'))).toMatchObject({
      kind: 'ignored',
      reason: 'Latchkey does not act on license_key_created',
    });
  });

  it('refuses bodies it cannot read', () => {
    const unreadable = [
      '',
      'null',
      '{"meta":{},"data":{}}',
      edited('order_created', (a) => delete a['first_order_item']),
      edited('order_created', (a) => (a['first_order_item'].quantity = -1)),
      edited('subscription_updated', (a) => (a['renews_at'] = null)),
      edited('subscription_cancelled', (a) => (a['ends_at'] = 'soon')),
      edited('subscription_payment_success', (a) => delete a['subscription_id']),
      edited('order_created', (_a, body) => delete body['data'].id),
    ];
    for (const body of unreadable) expect(() => parsed(body)).toThrow(StoreEventUnreadable);
  });
});
