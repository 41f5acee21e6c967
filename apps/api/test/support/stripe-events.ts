// Stripe events as Stripe builds them (the Event, Checkout Session, Invoice, Subscription, Charge and
// Dispute objects of the API reference, at the version the `stripe` package pins), with only the fields
// a store's webhook would carry for a test-mode sale. Ids follow Stripe's prefixes.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

const API_VERSION = Stripe.API_VERSION ?? '2026-10-28.endive';
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The Event envelope around `object`. */
export function stripeEvent(type: string, object: object, previousAttributes?: object) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: seconds(new Date()),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId('req'), idempotency_key: null },
    type,
  };
}

export interface SessionOptions {
  mode?: 'payment' | 'subscription';
  paymentLink?: string | null;
  metadata?: Record<string, string>;
  amountTotal?: number;
  currency?: string;
  email?: string;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
}

/** A completed Checkout Session (a Payment Link's, or one the vendor's server made). */
export function checkoutSession(options: SessionOptions = {}) {
  const mode = options.mode ?? 'payment';
  const subscription = mode === 'subscription' ? stripeId('sub') : null;
  return {
    id: stripeId('cs_test'),
    object: 'checkout.session',
    amount_subtotal: options.amountTotal ?? 1999,
    amount_total: options.amountTotal ?? 1999,
    client_reference_id: null,
    created: seconds(new Date()),
    currency: options.currency ?? 'usd',
    customer: stripeId('cus'),
    customer_details: { address: null, email: options.email ?? 'buyer@example.com', name: 'Ada Buyer', phone: null },
    customer_email: null,
    expires_at: seconds(new Date(Date.now() + 86_400_000)),
    invoice: mode === 'subscription' ? stripeId('in') : null,
    livemode: false,
    metadata: options.metadata ?? {},
    mode,
    payment_intent: mode === 'payment' ? stripeId('pi') : null,
    payment_link: options.paymentLink === undefined ? stripeId('plink') : options.paymentLink,
    payment_status: options.paymentStatus ?? 'paid',
    status: 'complete',
    subscription,
    success_url: 'https://shop.example.com/thanks',
    url: null,
  };
}

/** A paid subscription invoice; `reason` is its billing_reason. */
export function invoice(subscription: string, periodEnd: Date, reason = 'subscription_cycle') {
  const periodStart = new Date(periodEnd.getTime() - 30 * 86_400_000);
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: 1999,
    amount_paid: 1999,
    billing_reason: reason,
    currency: 'usd',
    customer: stripeId('cus'),
    customer_email: 'buyer@example.com',
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: 1999,
          currency: 'usd',
          period: { end: seconds(periodEnd), start: seconds(periodStart) },
          quantity: 1,
        },
      ],
      has_more: false,
      url: '/v1/invoices/in_x/lines',
    },
    parent: {
      quote_details: null,
      subscription_details: { metadata: {}, subscription },
      type: 'subscription_details',
    },
    period_end: seconds(periodStart),
    period_start: seconds(new Date(periodStart.getTime() - 30 * 86_400_000)),
    status: 'paid',
  };
}

/** A subscription whose one item runs to `periodEnd`. */
export function subscription(id: string, periodEnd: Date, changes: Record<string, unknown> = {}) {
  return {
    id,
    object: 'subscription',
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    customer: stripeId('cus'),
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_end: seconds(periodEnd),
          current_period_start: seconds(new Date(periodEnd.getTime() - 30 * 86_400_000)),
          quantity: 1,
        },
      ],
    },
    status: 'active',
    ...changes,
  };
}

export function charge(paymentIntent: string, { refunded = true, amount = 1999 } = {}) {
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded ? amount : Math.floor(amount / 2),
    currency: 'usd',
    paid: true,
    payment_intent: paymentIntent,
    refunded,
    status: 'succeeded',
  };
}

export function dispute(paymentIntent: string) {
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount: 1999,
    charge: stripeId('ch'),
    currency: 'usd',
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  };
}
