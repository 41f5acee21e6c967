import { jsonKeysAnswer } from './json-answer.js';
import {
  blankEvent,
  currency,
  email,
  type Fields,
  hexHmac,
  hexHmacMatches,
  id,
  isObject,
  isoTime,
  jsonObject,
  minorAmount,
  notActedOn,
  object,
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

export const LEMONSQUEEZY_SIGNATURE_HEADER = 'x-signature';

/** The `X-Signature` Lemon Squeezy sends for `body`, for fixtures and tests. */
export function lemonSqueezySignature(secret: string, body: Buffer | string): string {
  return hexHmac('sha256', secret, [body]);
}

/**
 * Lemon Squeezy numbers orders, subscriptions and invoices separately, so the
 * ids naming one order are kept apart by a prefix (orders keep their own id).
 */
function subscriptionRef(subscriptionId: string): string {
  return `subscription:${subscriptionId}`;
}

/** Subscription statuses whose keys run: a renewal extends them to `renews_at`. */
const RUNNING = ['active', 'on_trial'];

/**
 * Lemon Squeezy (docs/selling.md, "Lemon Squeezy"): `X-Signature` is the hex
 * HMAC-SHA256 of the raw body with the webhook's signing secret. Its events
 * carry no id, so an event's id is built from its name, its object and the
 * object's `updated_at` (a redelivery repeats them; a new change does not).
 *
 * - `order_created` (paid): a purchase of `first_order_item.variant_id`
 *   (one-off, or a subscription's first order). `order_refunded` (fully) bans.
 * - `subscription_created`, `subscription_updated`, `subscription_resumed`,
 *   `subscription_unpaused`: a running subscription renews its order to
 *   `renews_at`; a cancelled one ends at `ends_at`, an expired one now.
 * - `subscription_cancelled`/`subscription_expired`: end at `ends_at`.
 * - `subscription_payment_success` links its invoice to the order (the new
 *   period arrives with `subscription_updated`); `subscription_payment_refunded` bans.
 * - Test-mode events are fulfilled like live ones (docs/decisions/store-connectors.md).
 */
export class LemonSqueezyConnector implements StoreConnector {
  readonly provider = 'lemonsqueezy' as const;

  verify(request: StoreRequest, secret: string): void {
    const signature = request.headers[LEMONSQUEEZY_SIGNATURE_HEADER];
    if (!signature) throw new StoreSignatureError('The X-Signature header is missing');
    if (!hexHmacMatches('sha256', secret, [request.rawBody], signature)) {
      throw new StoreSignatureError('The signature does not match the body');
    }
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    const body = jsonObject(request.rawBody, 'Lemon Squeezy');
    const name = text(object(body, 'meta'), 'event_name');
    const data = body['data'];
    if (!name || !isObject(data) || !isObject(data['attributes'])) {
      throw new StoreEventUnreadable('The body is not a Lemon Squeezy event (meta.event_name, data.attributes)');
    }
    const objectId = requiredId(data, 'id', 'The event data');
    const attributes = data['attributes'];
    const version = text(attributes, 'updated_at') ?? text(attributes, 'created_at') ?? '';
    const base = blankEvent(`${name}:${text(data, 'type') ?? 'object'}:${objectId}:${version}`);
    switch (name) {
      case 'order_created':
        return orderCreated(base, objectId, attributes);
      case 'order_refunded':
        return orderRefunded(base, objectId, attributes);
      case 'subscription_created':
      case 'subscription_updated':
      case 'subscription_resumed':
      case 'subscription_unpaused':
      case 'subscription_cancelled':
      case 'subscription_expired':
        return subscription(base, name, objectId, attributes);
      case 'subscription_payment_success':
      case 'subscription_payment_refunded':
        return subscriptionPayment(base, name, objectId, attributes);
      default:
        return { ...base, reason: notActedOn(name) };
    }
  }

  answer(keys: readonly string[]) {
    return jsonKeysAnswer(keys);
  }
}

function paid(attributes: Fields) {
  return {
    amount: minorAmount(attributes['total']),
    currency: currency(attributes, 'currency'),
    buyerEmail: email(attributes['user_email']),
  };
}

function orderCreated(base: NormalizedStoreEvent, orderId: string, attributes: Fields): NormalizedStoreEvent {
  const event = { ...base, orderId };
  const status = text(attributes, 'status') ?? 'none';
  if (status !== 'paid') return { ...event, reason: `The order is ${status.slice(0, 40)}, not paid` };
  const item = object(attributes, 'first_order_item');
  const variantId = id(item, 'variant_id');
  if (!variantId) throw new StoreEventUnreadable('The order has no first_order_item.variant_id');
  return {
    ...event,
    ...paid(attributes),
    kind: 'purchase',
    productId: variantId,
    quantity: quantity(item['quantity']),
  };
}

function orderRefunded(base: NormalizedStoreEvent, orderId: string, attributes: Fields): NormalizedStoreEvent {
  const event = { ...base, ...paid(attributes), orderId, amount: minorAmount(attributes['refunded_amount']) };
  if (text(attributes, 'status') !== 'refunded') return { ...event, reason: 'A partial refund: the keys stay' };
  return { ...event, kind: 'refund', reason: 'Refunded' };
}

function subscription(
  base: NormalizedStoreEvent,
  name: string,
  subscriptionId: string,
  attributes: Fields,
): NormalizedStoreEvent {
  const orderId = id(attributes, 'order_id');
  const event: NormalizedStoreEvent = {
    ...base,
    orderId: subscriptionRef(subscriptionId),
    subscriptionId,
    relatedIds: orderId ? [orderId] : [],
    buyerEmail: email(attributes['user_email']),
  };
  const status = text(attributes, 'status') ?? 'none';
  if (name === 'subscription_expired' || status === 'expired') {
    return { ...event, kind: 'cancellation', periodEndsAt: isoTime(attributes, 'ends_at'), reason: 'Expired' };
  }
  if (name === 'subscription_cancelled' || status === 'cancelled' || attributes['cancelled'] === true) {
    const endsAt = isoTime(attributes, 'ends_at');
    if (!endsAt) throw new StoreEventUnreadable('The cancelled subscription has no ends_at');
    return { ...event, kind: 'cancellation', periodEndsAt: endsAt, reason: 'Cancelled at the period end' };
  }
  if (!RUNNING.includes(status)) {
    return { ...event, reason: `The subscription is ${status.slice(0, 40)}: the keys run to the paid period's end` };
  }
  const renewsAt = isoTime(attributes, 'renews_at');
  if (!renewsAt) throw new StoreEventUnreadable('The running subscription has no renews_at');
  return { ...event, kind: 'renewal', periodEndsAt: renewsAt, reason: `Paid to renews_at (${name})` };
}

function subscriptionPayment(
  base: NormalizedStoreEvent,
  name: string,
  invoiceId: string,
  attributes: Fields,
): NormalizedStoreEvent {
  const subscriptionId = requiredId(attributes, 'subscription_id', 'The subscription invoice');
  const event: NormalizedStoreEvent = {
    ...base,
    ...paid(attributes),
    orderId: subscriptionRef(subscriptionId),
    subscriptionId,
    relatedIds: [`invoice:${invoiceId}`],
  };
  if (name === 'subscription_payment_success') {
    return { ...event, reason: 'A payment: the new period arrives with subscription_updated' };
  }
  if (attributes['refunded'] !== true && text(attributes, 'status') !== 'refunded') {
    return { ...event, reason: 'A partial refund: the keys stay' };
  }
  return { ...event, kind: 'refund', reason: 'A subscription payment was refunded' };
}
