import { jsonKeysAnswer } from './json-answer.js';
import {
  blankEvent,
  currency,
  email,
  type Fields,
  hexHmac,
  hexHmacMatches,
  id,
  isoTime,
  jsonObject,
  minorAmount,
  notActedOn,
  object,
  objects,
  present,
  quantity,
  requiredId,
  text,
} from './payload.js';
import {
  type NormalizedStoreEvent,
  type StoreConnector,
  StoreEventUnreadable,
  type StoreRequest,
  StoreSignatureError,
} from './store-connector.js';

export const PADDLE_SIGNATURE_HEADER = 'paddle-signature';
/**
 * How far `ts` may be from the receiver's clock, either way. Paddle's SDKs
 * default to 5 s; Latchkey allows Stripe's 300 s because a replay inside the
 * window is a duplicate of an event id fulfilment has already recorded
 * (docs/decisions/store-connectors.md).
 */
export const PADDLE_TOLERANCE_SECONDS = 300;
/** Transaction origins that are a customer's purchase (a checkout, or one the vendor made through the API). */
const PURCHASE_ORIGINS = ['web', 'api'];
/** Where a vendor's checkout passes the buyer's email (Paddle's events name only the customer id). */
export const PADDLE_EMAIL_CUSTOM_DATA = 'email';

/** The header value Paddle sends for `body` at `ts`, for fixtures and tests. */
export function paddleSignatureHeader(secret: string, body: Buffer | string, ts: number): string {
  return `ts=${ts};h1=${hexHmac('sha256', secret, [`${ts}:`, body])}`;
}

/**
 * Paddle Billing (docs/selling.md, "Paddle Billing"): `Paddle-Signature:
 * ts=<unix>;h1=<hex>` is the HMAC-SHA256 of `ts + ":" + raw body` with the
 * notification destination's secret key (several `h1` while a key rotates).
 *
 * - `transaction.completed` of origin `web` or `api`: a purchase (one-off, or
 *   a subscription's first payment) of the first item's price; of origin
 *   `subscription_recurring` it renews the subscription to the transaction's
 *   billing period end; other origins (plan changes, charges) only link it.
 * - `subscription.updated` with a scheduled change `cancel`: a cancellation at
 *   its `effective_at`; `subscription.canceled`: ends now.
 * - `adjustment.created`/`adjustment.updated`, action `refund` (approved, not
 *   partial) or `chargeback`: bans the keys of the transaction it names.
 */
export class PaddleConnector implements StoreConnector {
  readonly provider = 'paddle' as const;

  verify(request: StoreRequest, secret: string): void {
    const header = request.headers[PADDLE_SIGNATURE_HEADER] ?? '';
    const parts = header.split(';').map((part) => part.trim());
    const stamps = parts.filter((p) => p.startsWith('ts=')).map((p) => p.slice(3));
    const signatures = parts.filter((p) => p.startsWith('h1=')).map((p) => p.slice(3));
    if (stamps.length !== 1 || !/^\d{1,12}$/.test(stamps[0]!) || signatures.length === 0) {
      throw new StoreSignatureError('The Paddle-Signature header is missing or malformed');
    }
    const ts = Number(stamps[0]);
    if (Math.abs(Math.floor(request.receivedAt.getTime() / 1000) - ts) > PADDLE_TOLERANCE_SECONDS) {
      throw new StoreSignatureError('The signature timestamp is outside the tolerance');
    }
    const matches = signatures.some((h1) => hexHmacMatches('sha256', secret, [`${ts}:`, request.rawBody], h1));
    if (!matches) throw new StoreSignatureError('No signature matches the body');
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    const event = jsonObject(request.rawBody, 'Paddle');
    const eventId = id(event, 'event_id');
    const type = text(event, 'event_type');
    const data = event['data'];
    if (!eventId || !type || typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new StoreEventUnreadable('The body is not a Paddle Billing event (event_id, event_type, data)');
    }
    const base = blankEvent(eventId);
    const entity = data as Fields;
    switch (type) {
      case 'transaction.completed':
        return transactionCompleted(base, entity);
      case 'subscription.updated':
        return subscriptionUpdated(base, entity);
      case 'subscription.canceled':
        return subscriptionCanceled(base, entity);
      case 'adjustment.created':
      case 'adjustment.updated':
        return adjustment(base, entity);
      default:
        return { ...base, reason: notActedOn(type) };
    }
  }

  answer(keys: readonly string[]) {
    return jsonKeysAnswer(keys);
  }
}

function transactionCompleted(base: NormalizedStoreEvent, txn: Fields): NormalizedStoreEvent {
  const transactionId = requiredId(txn, 'id', 'The transaction');
  const subscriptionId = id(txn, 'subscription_id');
  const totals = object(object(txn, 'details'), 'totals');
  const paid = {
    amount: minorAmount(totals['grand_total'] ?? totals['total']),
    currency: currency(totals, 'currency_code') ?? currency(txn, 'currency_code'),
    buyerEmail: email(object(txn, 'custom_data')[PADDLE_EMAIL_CUSTOM_DATA]),
    periodEndsAt: isoTime(object(txn, 'billing_period'), 'ends_at'),
  };
  const origin = text(txn, 'origin') ?? 'web';
  if (origin !== 'subscription_recurring' && !PURCHASE_ORIGINS.includes(origin)) {
    // A plan change, one-off charge or payment method update on a subscription buys no keys of its own.
    return {
      ...base,
      ...paid,
      orderId: subscriptionId ?? transactionId,
      subscriptionId,
      relatedIds: subscriptionId ? [transactionId] : [],
      periodEndsAt: null,
      reason: `A transaction of origin ${origin.slice(0, 40)}: the keys stay as they are`,
    };
  }
  if (origin === 'subscription_recurring') {
    if (!subscriptionId) throw new StoreEventUnreadable('A recurring transaction names no subscription');
    if (!paid.periodEndsAt) throw new StoreEventUnreadable('The recurring transaction has no billing_period');
    return {
      ...base,
      ...paid,
      kind: 'renewal',
      orderId: subscriptionId,
      subscriptionId,
      relatedIds: [transactionId],
    };
  }
  const [item] = objects(txn, 'items');
  const priceId = item ? (id(object(item, 'price'), 'id') ?? id(item, 'price_id')) : null;
  if (!item || !priceId) throw new StoreEventUnreadable('The transaction has no item with a price id');
  return {
    ...base,
    ...paid,
    kind: 'purchase',
    orderId: transactionId,
    subscriptionId,
    relatedIds: [subscriptionId].filter(present),
    productId: priceId,
    quantity: quantity(item['quantity']),
  };
}

function subscriptionUpdated(base: NormalizedStoreEvent, subscription: Fields): NormalizedStoreEvent {
  const subscriptionId = requiredId(subscription, 'id', 'The subscription');
  const ids = { orderId: subscriptionId, subscriptionId };
  const scheduled = object(subscription, 'scheduled_change');
  if (text(scheduled, 'action') !== 'cancel') return { ...base, ...ids, reason: 'No scheduled cancellation' };
  const endsAt = isoTime(scheduled, 'effective_at');
  if (!endsAt) throw new StoreEventUnreadable('The scheduled cancellation has no effective_at');
  return { ...base, ...ids, kind: 'cancellation', periodEndsAt: endsAt, reason: 'Cancelled at the period end' };
}

function subscriptionCanceled(base: NormalizedStoreEvent, subscription: Fields): NormalizedStoreEvent {
  const subscriptionId = requiredId(subscription, 'id', 'The subscription');
  return {
    ...base,
    kind: 'cancellation',
    orderId: subscriptionId,
    subscriptionId,
    periodEndsAt: isoTime(subscription, 'canceled_at'),
    reason: 'Cancelled',
  };
}

function adjustment(base: NormalizedStoreEvent, adj: Fields): NormalizedStoreEvent {
  const adjustmentId = requiredId(adj, 'id', 'The adjustment');
  const transactionId = requiredId(adj, 'transaction_id', 'The adjustment');
  const totals = object(adj, 'totals');
  const event = {
    ...base,
    orderId: transactionId,
    subscriptionId: id(adj, 'subscription_id'),
    relatedIds: [id(adj, 'subscription_id')].filter(present),
    amount: minorAmount(totals['total']),
    currency: currency(totals, 'currency_code') ?? currency(adj, 'currency_code'),
  };
  const action = text(adj, 'action') ?? 'none';
  const said = text(adj, 'reason');
  if (action === 'chargeback') {
    return { ...event, kind: 'chargeback', reason: `Chargeback${said ? `: ${said}` : ''}` };
  }
  if (action !== 'refund') return { ...event, reason: `Adjustment ${adjustmentId}: action ${action.slice(0, 40)}` };
  const status = text(adj, 'status') ?? 'none';
  if (status !== 'approved')
    return { ...event, reason: `A refund ${status.slice(0, 40)}: the keys stay until approved` };
  if (text(adj, 'type') === 'partial') return { ...event, reason: 'A partial refund: the keys stay' };
  return { ...event, kind: 'refund', reason: said ? `Refunded: ${said}` : 'Refunded' };
}
