import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { SellixConnector, sellixSignature } from './sellix.js';
import { StoreEventUnreadable, type StoreRequest, StoreSignatureError } from './store-connector.js';

// Fixtures: Sellix webhook bodies ({ event, data: order }) with the order object its API reference documents.
const SECRET = 'sellix-webhook-secret-7c1d0e';
const connector = new SellixConnector();

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/sellix/${name}.json`, import.meta.url), 'utf8');
}

function edited(name: string, edit: (order: Record<string, any>, body: Record<string, any>) => void): string {
  const body = JSON.parse(fixture(name)) as Record<string, any>;
  edit(body['data'], body);
  return JSON.stringify(body);
}

function signed(body: string, extra: Record<string, string> = {}, secret = SECRET): StoreRequest {
  return {
    rawBody: Buffer.from(body),
    headers: { 'x-sellix-signature': sellixSignature(secret, body), ...extra },
    receivedAt: new Date(),
  };
}

function parsed(body: string, extra: Record<string, string> = {}) {
  const request = signed(body, extra);
  connector.verify(request, SECRET);
  return connector.parse(request);
}

describe('Sellix signatures (X-Sellix-Signature: hex HMAC-SHA512 of the body)', () => {
  const body = fixture('product-dynamic');

  it('accepts the signature Sellix computes, in either of its headers', () => {
    expect(() => connector.verify(signed(body), SECRET)).not.toThrow();
    const unescaped = {
      ...signed(body),
      headers: {
        'x-sellix-signature': sellixSignature(SECRET, body.replace(/\//g, '\\/')),
        'x-sellix-unescaped-signature': sellixSignature(SECRET, body),
      },
    };
    expect(() => connector.verify(unescaped, SECRET)).not.toThrow();
  });

  it('refuses another secret, a tampered body, a missing header and a SHA-256 signature', () => {
    expect(() => connector.verify(signed(body, {}, 'other-secret'), SECRET)).toThrow(StoreSignatureError);
    const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('"quantity": 1', '"quantity": 50')) };
    expect(() => connector.verify(tampered, SECRET)).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...signed(body), headers: {} }, SECRET)).toThrow(StoreSignatureError);
    const sha256 = { ...signed(body), headers: { 'x-sellix-signature': sellixSignature(SECRET, body).slice(0, 64) } };
    expect(() => connector.verify(sha256, SECRET)).toThrow(StoreSignatureError);
  });
});

describe('Sellix events', () => {
  it('product:dynamic: a purchase of the order product, total in minor units', () => {
    expect(parsed(fixture('product-dynamic'))).toEqual({
      eventId: 'product:dynamic:c2f1e3a8b7-0000041b95-c80aa4',
      kind: 'purchase',
      orderId: 'c2f1e3a8b7-0000041b95-c80aa4',
      relatedIds: [],
      subscriptionId: null,
      productId: '6390d9a4b3c1e',
      quantity: 1,
      amount: 999,
      currency: 'USD',
      buyerEmail: 'buyer@example.com',
      periodEndsAt: null,
      reason: null,
    });
  });

  it('order:paid is the same purchase, so a shop sending both makes one order', () => {
    const paid = parsed(fixture('order-paid'));
    expect(paid).toMatchObject({ kind: 'purchase', orderId: 'c2f1e3a8b7-0000041b95-c80aa4', amount: 999 });
    expect(paid.eventId).toBe('order:paid:c2f1e3a8b7-0000041b95-c80aa4');
  });

  it('a zero-decimal currency keeps whole units', () => {
    const yen = edited('product-dynamic', (o) => Object.assign(o, { currency: 'JPY', total: 1500 }));
    expect(parsed(yen)).toMatchObject({ amount: 1500, currency: 'JPY' });
  });

  it('a cart: each dynamic product is its own order, named by X-Sellix-Product-Id', () => {
    const event = parsed(fixture('product-dynamic-cart'), { 'x-sellix-product-id': '6390da11f27a0' });
    expect(event).toMatchObject({
      kind: 'purchase',
      eventId: 'product:dynamic:9ab3f0c2d1-00000420e1-77be51:6390da11f27a0',
      orderId: '9ab3f0c2d1-00000420e1-77be51:6390da11f27a0',
      productId: '6390da11f27a0',
      quantity: 2,
      amount: 2498,
    });
    expect(() => parsed(fixture('product-dynamic-cart'), { 'x-sellix-product-id': 'not-in-cart' })).toThrow(
      StoreEventUnreadable,
    );
    const cartPaid = edited('product-dynamic-cart', (_o, body) => (body['event'] = 'order:paid'));
    expect(parsed(cartPaid).kind).toBe('ignored');
  });

  it('order:disputed is a chargeback; order:updated to REFUNDED a refund, to REVERSED a chargeback', () => {
    expect(parsed(fixture('order-disputed'))).toMatchObject({
      kind: 'chargeback',
      orderId: 'c2f1e3a8b7-0000041b95-c80aa4',
    });
    expect(parsed(fixture('order-updated-refunded'))).toMatchObject({
      kind: 'refund',
      eventId: 'order:updated:c2f1e3a8b7-0000041b95-c80aa4:REFUNDED',
    });
    const reversed = edited('order-updated-refunded', (o) => (o['status'] = 'REVERSED'));
    expect(parsed(reversed).kind).toBe('chargeback');
    const waiting = edited('order-updated-refunded', (o) => (o['status'] = 'WAITING_FOR_CONFIRMATIONS'));
    expect(parsed(waiting).kind).toBe('ignored');
  });

  it('the event is read from the signed body, never from the X-Sellix-Event header', () => {
    expect(parsed(fixture('product-dynamic'), { 'x-sellix-event': 'order:disputed' }).kind).toBe('purchase');
  });

  it('an event type Latchkey does not act on is ignored with a reason', () => {
    expect(parsed(fixture('feedback-received'))).toMatchObject({
      kind: 'ignored',
      orderId: '',
      reason: 'Latchkey does not act on feedback:received',
    });
  });

  it('refuses bodies it cannot read', () => {
    const unreadable = [
      '{',
      '{"event":"order:paid"}',
      '{"data":{}}',
      edited('product-dynamic', (o) => delete o['uniqid']),
      edited('product-dynamic', (o) => delete o['product_id']),
      edited('product-dynamic', (o) => (o['quantity'] = 1.5)),
    ];
    for (const body of unreadable) expect(() => parsed(body)).toThrow(StoreEventUnreadable);
  });

  it('answers dynamic delivery with the keys as text, one per line', () => {
    expect(connector.answer(['AAAA-1', 'BBBB-2'])).toEqual({
      contentType: 'text/plain; charset=utf-8',
      body: 'AAAA-1\nBBBB-2',
    });
  });
});
