import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { GenericConnector, genericSignatureHeader } from './generic.js';
import { StoreEventUnreadable, StoreSignatureError, type StoreRequest } from './store-connector.js';

const SECRET = 'lkwh_unit-test-secret';
const connector = new GenericConnector();
const NOW = new Date('2026-11-28T12:00:00.000Z');
const T = Math.floor(NOW.getTime() / 1000);

function request(body: string, header: string | undefined, receivedAt = NOW): StoreRequest {
  return { rawBody: Buffer.from(body), headers: { 'latchkey-signature': header }, receivedAt };
}

/** The scheme as docs/selling.md writes it: hex HMAC-SHA256 of `timestamp + "." + body`. */
const documented = (body: string, t = T, secret = SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe('the generic connector', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'purchase', orderId: 'o-1', productId: 'sku', quantity: 2 });

  it('accepts the documented signature, also among others (rotation), and builds the same header', () => {
    expect(() => connector.verify(request(body, documented(body)), SECRET)).not.toThrow();
    expect(genericSignatureHeader(SECRET, body, T)).toBe(documented(body));
    const rotating = `${documented(body, T, 'lkwh_old')},v1=${documented(body).split('v1=')[1]}`;
    expect(() => connector.verify(request(body, rotating), SECRET)).not.toThrow();
  });

  it.each([
    ['no header', undefined],
    ['a malformed header', 'v1=abc'],
    ['another secret', documented(body, T, 'lkwh_other')],
    ['other bytes', documented(`${body} `)],
    ['a timestamp past the tolerance', documented(body, T - 301)],
    ['a timestamp from the future', documented(body, T + 301)],
    ['a short signature', `t=${T},v1=00`],
  ])('refuses %s', (_, header) => {
    expect(() => connector.verify(request(body, header), SECRET)).toThrow(StoreSignatureError);
  });

  it('reads the documented body', () => {
    const event = connector.parse(
      request(
        JSON.stringify({
          id: 'evt_2',
          type: 'renewal',
          orderId: 'o-2',
          subscriptionId: 'sub-2',
          periodEnd: '2026-12-28T12:00:00Z',
          currency: 'eur',
          amount: 500,
          email: 'a@b.example',
        }),
        undefined,
      ),
    );
    expect(event).toMatchObject({
      eventId: 'evt_2',
      kind: 'renewal',
      orderId: 'o-2',
      relatedIds: ['sub-2'],
      currency: 'EUR',
      amount: 500,
      quantity: 1,
      periodEndsAt: new Date('2026-12-28T12:00:00Z'),
    });
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['an unknown type', '{"id":"e","type":"gift","orderId":"o"}'],
    ['no id', '{"type":"refund","orderId":"o"}'],
    ['a purchase without product', '{"id":"e","type":"purchase","orderId":"o"}'],
    ['a renewal without period end', '{"id":"e","type":"renewal","orderId":"o"}'],
    ['a fractional quantity', '{"id":"e","type":"purchase","orderId":"o","productId":"p","quantity":1.5}'],
    ['a bad currency', '{"id":"e","type":"purchase","orderId":"o","productId":"p","currency":"US"}'],
    ['a bad date', '{"id":"e","type":"cancellation","orderId":"o","periodEnd":"tomorrow"}'],
  ])('refuses %s as unreadable', (_, text) => {
    expect(() => connector.parse(request(text, undefined))).toThrow(StoreEventUnreadable);
  });
});
