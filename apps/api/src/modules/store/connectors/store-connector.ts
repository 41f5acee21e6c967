import type { StoreEventKind, StoreProvider } from '@latchkey/contracts';

/** A webhook exactly as received: the raw bytes a signature covers, and lower-cased header names. */
export interface StoreRequest {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | undefined>>;
  receivedAt: Date;
}

/**
 * One store event in Latchkey's terms. Every connector maps its store's payload to this, so
 * fulfilment (exactly-once, refunds, renewals) is written once for all stores.
 */
export interface NormalizedStoreEvent {
  /** The store's event id; a store without one gets a stable id from its order id and event type. */
  eventId: string;
  kind: StoreEventKind;
  /** The store's id of the order the keys belong to (checkout session, transaction, order, invoice). */
  orderId: string;
  /** Other ids of the same order that later events name instead (payment intent, subscription, charge). */
  relatedIds: string[];
  subscriptionId: string | null;
  /** The store's product, price or variant id the vendor's mapping is keyed by; null for refunds and cancellations. */
  productId: string | null;
  quantity: number;
  /** Amount paid in minor units, and its ISO 4217 currency in upper case. */
  amount: number | null;
  currency: string | null;
  buyerEmail: string | null;
  /** End of the paid period of a subscription: a renewal extends keys to it, a cancellation ends them there. */
  periodEndsAt: Date | null;
  /** Refund or chargeback reason as the store gives it, or why the event is `ignored`. */
  reason: string | null;
}

/** The signature is missing, malformed, wrong or outside the store's tolerance window. */
export class StoreSignatureError extends Error {}

/** A verified body Latchkey cannot read as an event (the reason is shown in the console). */
export class StoreEventUnreadable extends Error {}

export interface StoreConnector {
  readonly provider: StoreProvider;
  /** Checks the signature by the store's documented scheme, timing-safe; throws StoreSignatureError. */
  verify(request: StoreRequest, secret: string): void;
  /** Reads a verified request; throws StoreEventUnreadable. */
  parse(request: StoreRequest): NormalizedStoreEvent;
  /** The HTTP answer once the event is handled: dynamic-delivery stores (Sellix, SellApp) get the keys as text. */
  answer(keys: readonly string[]): { contentType: string; body: string };
}
