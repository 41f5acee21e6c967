import Stripe from 'stripe';
import { jsonKeysAnswer } from './json-answer.js';
import {
  type Fields,
  idOf,
  integer,
  isObject,
  lineItems,
  present,
  quantityOf,
  required,
  seconds,
  STRIPE_PRODUCT_METADATA,
  STRIPE_QUANTITY_METADATA,
  text,
} from './stripe-fields.js';
import {
  type NormalizedStoreEvent,
  type StoreConnector,
  StoreEventUnreadable,
  type StoreRequest,
  StoreSignatureError,
} from './store-connector.js';

/** Stripe's own tolerance for a signature's timestamp (its library's default, 300 s). */
const TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/**
 * Stripe (docs/selling.md, "Stripe"): signatures checked by the official
 * library's `constructEvent` on the exact bytes received; events read without
 * calling Stripe back, so fulfilment never waits on Stripe's API.
 *
 * - `checkout.session.completed` (and `async_payment_succeeded`): a purchase
 *   of the mapping named by the session's `metadata.latchkey_product`, else
 *   its Payment Link id; quantity from `metadata.latchkey_quantity` (1 when
 *   absent). A session still `unpaid` (a delayed method) is ignored until its
 *   `async_payment_succeeded`.
 * - `invoice.paid`: `subscription_cycle` and `subscription_update` renew the
 *   subscription's order to the invoice lines' period end;
 *   `subscription_create` is the session's own first payment (ignored, but
 *   its invoice id is linked to the order for later refunds).
 * - `invoice_payment.paid`: links the payment intent to its invoice's order.
 * - `customer.subscription.updated`: `cancel_at_period_end` (or `cancel_at`)
 *   cancels at that end; turning it back off resumes (a renewal to the
 *   current period's end). `customer.subscription.deleted` ends it now.
 * - `charge.refunded` (full refunds only) and `charge.dispute.created` ban the
 *   keys of the order their payment intent (or charge, or invoice) names.
 */
export class StripeConnector implements StoreConnector {
  readonly provider = 'stripe' as const;

  verify(request: StoreRequest, secret: string): void {
    const header = request.headers['stripe-signature'];
    if (!header) throw new StoreSignatureError('The Stripe-Signature header is missing');
    try {
      Stripe.webhooks.constructEvent(
        request.rawBody,
        header,
        secret,
        TOLERANCE_SECONDS,
        undefined,
        // In milliseconds: the library divides it by 1000 itself.
        request.receivedAt.getTime(),
      );
    } catch (err) {
      // Past the signature, constructEvent only parses: a body it cannot read is parse()'s to refuse.
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new StoreSignatureError(err.message.split('\n')[0] ?? 'Invalid signature');
      }
    }
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    let event: Fields;
    try {
      event = JSON.parse(request.rawBody.toString('utf8')) as Fields;
    } catch {
      throw new StoreEventUnreadable('The body is not JSON');
    }
    if (!isObject(event)) throw new StoreEventUnreadable('The body is not a Stripe event');
    const id = text(event, 'id');
    const type = text(event, 'type');
    const data = event['data'];
    if (!id || !type || !isObject(data) || !isObject(data['object'])) {
      throw new StoreEventUnreadable('The body is not a Stripe event (id, type, data.object)');
    }
    const object = data['object'];
    const previous = isObject(data['previous_attributes']) ? data['previous_attributes'] : {};
    const base = blankEvent(id);
    switch (type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return checkoutSession(base, object);
      case 'invoice.paid':
        return invoicePaid(base, object);
      case 'invoice_payment.paid':
        return invoicePayment(base, object);
      case 'customer.subscription.updated':
        return subscriptionUpdated(base, object, previous);
      case 'customer.subscription.deleted':
        return { ...base, ...subscriptionIds(object), kind: 'cancellation', periodEndsAt: seconds(object, 'ended_at') };
      case 'charge.refunded':
        return chargeRefunded(base, object);
      case 'charge.dispute.created':
        return disputeCreated(base, object);
      default:
        return { ...base, reason: `Latchkey does not act on ${type.slice(0, 80)}` };
    }
  }

  answer(keys: readonly string[]) {
    return jsonKeysAnswer(keys);
  }
}

function blankEvent(eventId: string): NormalizedStoreEvent {
  return {
    eventId,
    kind: 'ignored',
    orderId: '',
    relatedIds: [],
    subscriptionId: null,
    productId: null,
    quantity: 1,
    amount: null,
    currency: null,
    buyerEmail: null,
    periodEndsAt: null,
    reason: null,
  };
}

function checkoutSession(base: NormalizedStoreEvent, session: Fields): NormalizedStoreEvent {
  const orderId = required(session, 'id');
  const metadata = isObject(session['metadata']) ? session['metadata'] : {};
  const subscriptionId = idOf(session['subscription']);
  const event = {
    ...base,
    orderId,
    relatedIds: [idOf(session['payment_intent']), subscriptionId, idOf(session['invoice'])].filter(present),
    subscriptionId,
  };
  if (session['payment_status'] === 'unpaid') return { ...event, reason: 'The payment has not completed yet' };
  const productId = text(metadata, STRIPE_PRODUCT_METADATA) ?? idOf(session['payment_link']);
  if (!productId) {
    throw new StoreEventUnreadable(
      `The session names no product: set metadata.${STRIPE_PRODUCT_METADATA} or sell through a Payment Link`,
    );
  }
  const details = isObject(session['customer_details']) ? session['customer_details'] : {};
  return {
    ...event,
    kind: 'purchase',
    productId,
    quantity: quantityOf(text(metadata, STRIPE_QUANTITY_METADATA)),
    amount: integer(session, 'amount_total'),
    currency: text(session, 'currency')?.toUpperCase() ?? null,
    buyerEmail: text(details, 'email') ?? text(session, 'customer_email'),
  };
}

/** The invoice's subscription, where each API version puts it. */
function invoiceSubscription(invoice: Fields): string | null {
  const parent = isObject(invoice['parent']) ? invoice['parent'] : {};
  const details = isObject(parent['subscription_details']) ? parent['subscription_details'] : {};
  return idOf(details['subscription']) ?? idOf(invoice['subscription']);
}

function invoicePaid(base: NormalizedStoreEvent, invoice: Fields): NormalizedStoreEvent {
  const invoiceId = required(invoice, 'id');
  const subscriptionId = invoiceSubscription(invoice);
  if (!subscriptionId) return { ...base, reason: 'An invoice of no subscription' };
  const linked = {
    ...base,
    orderId: subscriptionId,
    subscriptionId,
    relatedIds: [invoiceId, idOf(invoice['payment_intent']), idOf(invoice['charge'])].filter(present),
  };
  const reason = text(invoice, 'billing_reason');
  if (reason !== 'subscription_cycle' && reason !== 'subscription_update') {
    return { ...linked, reason: `Not a renewal (billing_reason ${reason ?? 'none'})` };
  }
  const ends = lineItems(invoice)
    .map((line) => (isObject(line['period']) ? seconds(line['period'], 'end') : null))
    .filter(present);
  if (ends.length === 0) throw new StoreEventUnreadable('The invoice has no line with a period');
  return {
    ...linked,
    kind: 'renewal',
    amount: integer(invoice, 'amount_paid'),
    currency: text(invoice, 'currency')?.toUpperCase() ?? null,
    buyerEmail: text(invoice, 'customer_email'),
    periodEndsAt: new Date(Math.max(...ends.map((d) => d.getTime()))),
  };
}

function invoicePayment(base: NormalizedStoreEvent, payment: Fields): NormalizedStoreEvent {
  const invoiceId = idOf(payment['invoice']);
  const details = isObject(payment['payment']) ? payment['payment'] : {};
  const related = [idOf(details['payment_intent']), idOf(details['charge'])].filter(present);
  if (!invoiceId) return { ...base, reason: 'A payment of no invoice' };
  return { ...base, orderId: invoiceId, relatedIds: related, reason: 'Links a payment to its invoice' };
}

function subscriptionIds(subscription: Fields) {
  const id = required(subscription, 'id');
  return { orderId: id, subscriptionId: id };
}

/** The current period's end: on the items since API version 2025-03-31, on the subscription before. */
function currentPeriodEnd(subscription: Fields): Date | null {
  const items =
    isObject(subscription['items']) && Array.isArray(subscription['items']['data'])
      ? (subscription['items']['data'] as unknown[]).filter(isObject)
      : [];
  const ends = items.map((item) => seconds(item, 'current_period_end')).filter(present);
  if (ends.length > 0) return new Date(Math.max(...ends.map((d) => d.getTime())));
  return seconds(subscription, 'current_period_end');
}

function subscriptionUpdated(base: NormalizedStoreEvent, subscription: Fields, previous: Fields): NormalizedStoreEvent {
  const ids = subscriptionIds(subscription);
  const cancelAt = seconds(subscription, 'cancel_at');
  if (subscription['cancel_at_period_end'] === true || cancelAt) {
    const endsAt = cancelAt ?? currentPeriodEnd(subscription);
    if (!endsAt) throw new StoreEventUnreadable('The subscription has no period end');
    return { ...base, ...ids, kind: 'cancellation', periodEndsAt: endsAt };
  }
  const resumed = previous['cancel_at_period_end'] === true || (previous['cancel_at'] ?? null) !== null;
  if (resumed && subscription['status'] === 'active') {
    const endsAt = currentPeriodEnd(subscription);
    if (!endsAt) throw new StoreEventUnreadable('The subscription has no period end');
    return { ...base, ...ids, kind: 'renewal', periodEndsAt: endsAt, reason: 'The cancellation was withdrawn' };
  }
  return { ...base, ...ids, reason: 'No cancellation in this change' };
}

function chargeRefunded(base: NormalizedStoreEvent, charge: Fields): NormalizedStoreEvent {
  const chargeId = required(charge, 'id');
  const paymentIntent = idOf(charge['payment_intent']);
  const event = {
    ...base,
    orderId: paymentIntent ?? chargeId,
    relatedIds: [chargeId, idOf(charge['invoice'])].filter(present),
    amount: integer(charge, 'amount_refunded'),
    currency: text(charge, 'currency')?.toUpperCase() ?? null,
  };
  if (charge['refunded'] !== true) return { ...event, reason: 'A partial refund: the keys stay' };
  return { ...event, kind: 'refund', reason: 'Refunded' };
}

function disputeCreated(base: NormalizedStoreEvent, dispute: Fields): NormalizedStoreEvent {
  const chargeId = idOf(dispute['charge']);
  const paymentIntent = idOf(dispute['payment_intent']);
  const orderId = paymentIntent ?? chargeId;
  if (!orderId) throw new StoreEventUnreadable('The dispute names no charge');
  return {
    ...base,
    kind: 'chargeback',
    orderId,
    relatedIds: [chargeId].filter(present),
    amount: integer(dispute, 'amount'),
    currency: text(dispute, 'currency')?.toUpperCase() ?? null,
    reason: `Dispute: ${text(dispute, 'reason') ?? 'no reason given'}`,
  };
}
