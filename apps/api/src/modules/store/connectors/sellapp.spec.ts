import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { SellAppConnector, sellAppSignature } from './sellapp.js';
import { StoreEventUnreadable, type StoreRequest, StoreSignatureError } from './store-connector.js';

// Fixtures: SellApp's invoice model (its API reference) as the dynamic webhook's body, and its store webhooks' envelope.
const SECRET = 'sellapp-secret-5Qe9xW2';
const connector = new SellAppConnector();

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/sellapp/${name}.json`, import.meta.url), 'utf8');
}

function edited(name: string, edit: (invoice: Record<string, any>) => void): string {
  const body = JSON.parse(fixture(name)) as Record<string, any>;
  edit(body['data'] ?? body);
  return JSON.stringify(body);
}

function signed(body: string, secret = SECRET): StoreRequest {
  return { rawBody: Buffer.from(body), headers: { signature: sellAppSignature(secret, body) }, receivedAt: new Date() };
}

function parsed(body: string) {
  const request = signed(body);
  connector.verify(request, SECRET);
  return connector.parse(request);
}

describe('SellApp signatures (signature: hex HMAC-SHA256 of the body)', () => {
  const body = fixture('dynamic');

  it('accepts the signature SellApp computes', () => {
    expect(() => connector.verify(signed(body), SECRET)).not.toThrow();
  });

  it('refuses another secret, a tampered body, a missing header and a SHA-512 signature', () => {
    expect(() => connector.verify(signed(body, 'other'), SECRET)).toThrow(StoreSignatureError);
    const tampered = { ...signed(body), rawBody: Buffer.from(body.replace('"quantity": 2', '"quantity": 20')) };
    expect(() => connector.verify(tampered, SECRET)).toThrow(StoreSignatureError);
    expect(() => connector.verify({ ...signed(body), headers: {} }, SECRET)).toThrow(StoreSignatureError);
    const sha512 = { ...signed(body), headers: { signature: sellAppSignature(SECRET, body).repeat(2) } };
    expect(() => connector.verify(sha512, SECRET)).toThrow(StoreSignatureError);
  });
});

describe('SellApp events', () => {
  it('a dynamic webhook: a purchase of its product variant, amounts already in cents', () => {
    expect(parsed(fixture('dynamic'))).toEqual({
      eventId: 'dynamic:583214:40112',
      kind: 'purchase',
      orderId: '583214',
      relatedIds: [],
      subscriptionId: null,
      productId: '40112',
      quantity: 2,
      amount: 2998,
      currency: 'USD',
      buyerEmail: 'buyer@example.com',
      periodEndsAt: null,
      reason: null,
    });
  });

  it('order.completed is the same purchase (one order when a store sends both)', () => {
    expect(parsed(fixture('order.completed'))).toMatchObject({
      eventId: 'order.completed:583214:40112',
      kind: 'purchase',
      orderId: '583214',
      productId: '40112',
      quantity: 2,
      amount: 2998,
    });
  });

  it('an invoice of several variants: the named one is an order of its own', () => {
    const body = edited('dynamic', (invoice) => {
      invoice['product_variants'] = { '40112': { quantity: 2 }, '40190': { quantity: 1 } };
    });
    expect(parsed(body)).toMatchObject({ orderId: '583214:40112', productId: '40112', quantity: 2 });
    const unnamed = edited('order.completed', (invoice) => {
      invoice['product_variants'] = { '40112': { quantity: 2 }, '40190': { quantity: 1 } };
    });
    expect(() => parsed(unnamed)).toThrow(StoreEventUnreadable);
  });

  it('order.disputed is a chargeback of the invoice', () => {
    expect(parsed(fixture('order.disputed'))).toMatchObject({ kind: 'chargeback', orderId: '583214' });
  });

  it('an event type Latchkey does not act on is ignored with a reason', () => {
    expect(parsed(fixture('feedback.created'))).toMatchObject({
      kind: 'ignored',
      orderId: '',
      reason: 'Latchkey does not act on feedback.created',
    });
  });

  it('refuses bodies it cannot read', () => {
    const unreadable = [
      'text',
      '"a string"',
      '{}',
      edited('dynamic', (invoice) => delete invoice['id']),
      edited('dynamic', (invoice) => {
        delete invoice['product_variant_id'];
        delete invoice['product_variants'];
      }),
      edited('dynamic', (invoice) => (invoice['quantity'] = 0)),
    ];
    for (const body of unreadable) expect(() => parsed(body)).toThrow(StoreEventUnreadable);
  });

  it('answers the keys as text, one per line', () => {
    expect(connector.answer(['K-1', 'K-2']).body).toBe('K-1\nK-2');
  });
});
