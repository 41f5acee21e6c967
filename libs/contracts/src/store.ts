// Selling keys through a vendor's store (issue 42): connections, product mappings, orders, received events.

/** Stores Latchkey fulfils from. `generic` is Latchkey's own signed webhook for any other checkout. */
export const STORE_PROVIDERS = ['stripe', 'paddle', 'lemonsqueezy', 'sellix', 'sellapp', 'generic'] as const;
export type StoreProvider = (typeof STORE_PROVIDERS)[number];

/** What a store event means for the order it names. `ignored`: a type of event Latchkey does not act on. */
export const STORE_EVENT_KINDS = ['purchase', 'renewal', 'refund', 'chargeback', 'cancellation', 'ignored'] as const;
export type StoreEventKind = (typeof STORE_EVENT_KINDS)[number];

/** A received event's outcome: `applied` changed an order; `duplicate` answered an earlier one's keys again. */
export const STORE_EVENT_OUTCOMES = ['applied', 'duplicate', 'ignored', 'refused'] as const;
export type StoreEventOutcome = (typeof STORE_EVENT_OUTCOMES)[number];

/**
 * An order's state: `paid` (keys delivered), `active` (a subscription in a paid period), `ending`
 * (cancelled, its keys run to the period's end), `refunded`, `chargeback`, `ended`.
 */
export const STORE_ORDER_STATUSES = ['paid', 'active', 'ending', 'ended', 'refunded', 'chargeback'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** The order email's state; `off` when the service has no SMTP_URL or the order has no buyer email. */
export const ORDER_EMAIL_STATUSES = ['off', 'pending', 'sent', 'failed'] as const;
export type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

export interface StoreConnection {
  id: string;
  appId: string;
  provider: StoreProvider;
  name: string;
  enabled: boolean;
  /** The address to paste into the store's webhook (or dynamic delivery) settings. */
  webhookUrl: string;
  productCount: number;
  createdAt: string;
  lastEventAt: string | null;
}

/** Answer to creating a `generic` connection (or rotating its secret): the secret, shown this once. */
export interface CreatedStoreConnection extends StoreConnection {
  signingSecret: string | null;
}

/** What one unit of a store product yields. */
export interface StoreProduct {
  id: string;
  connectionId: string;
  /** The store's id the events name: Stripe price or payment link, Paddle price, Lemon Squeezy variant, Sellix or SellApp product, or the vendor's SKU. */
  externalId: string;
  name: string;
  keysPerUnit: number;
  level: number;
  durationType: string;
  maxDevices: number;
  /** Least amount per unit in minor units (cents); null accepts any amount. */
  expectedAmount: number | null;
  currency: string | null;
  /** Where a customer renews (the store's product page), shown on the order page and the customer portal. */
  renewalUrl: string | null;
  createdAt: string;
}

export interface StoreOrderKey {
  licenseId: string;
  key: string;
}

export interface StoreOrder {
  id: string;
  appId: string;
  connectionId: string;
  provider: StoreProvider;
  productId: string | null;
  productName: string | null;
  externalOrderId: string;
  subscriptionId: string | null;
  buyerEmail: string | null;
  quantity: number;
  amount: number | null;
  currency: string | null;
  status: StoreOrderStatus;
  statusReason: string | null;
  keys: StoreOrderKey[];
  periodEndsAt: string | null;
  emailStatus: OrderEmailStatus;
  emailError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One event as received, whatever its outcome: refused ones keep their reason for the console. */
export interface StoreEventRecord {
  id: string;
  connectionId: string;
  provider: StoreProvider;
  externalEventId: string | null;
  kind: StoreEventKind | null;
  outcome: StoreEventOutcome;
  reason: string | null;
  orderId: string | null;
  receivedAt: string;
}

/** The buyer's order page (public, behind a signed short-lived link). */
export interface OrderPage {
  appName: string;
  productName: string | null;
  status: StoreOrderStatus;
  keys: string[];
  createdAt: string;
  renewalUrl: string | null;
  /** Where the buyer downloads the software, if the vendor set one. */
  downloadUrl: string | null;
  supportUrl: string | null;
  expiresAt: string;
}

/** Limits of the store's admin requests and of what one event may produce. */
export const StoreLimits = {
  nameMin: 1,
  nameMax: 64,
  /** a store's webhook signing secret as the vendor pastes it */
  signingSecretMin: 1,
  signingSecretMax: 512,
  externalIdMin: 1,
  externalIdMax: 255,
  productNameMin: 1,
  productNameMax: 128,
  keysPerUnitMin: 1,
  keysPerUnitMax: 100,
  /** keys one order may produce (keys per unit x quantity): LicenseLimits.countMax, like one generation */
  keysPerOrderMax: 100,
  /** amounts in minor units */
  amountMin: 0,
  amountMax: 1_000_000_000_000,
  renewalUrlMax: 2048,
  searchMin: 1,
  searchMax: 320,
  /** a search this long or longer also looks for keys starting with it (shorter: a key matches only whole) */
  keyPrefixMin: 5,
  /** a received event's reason as the console keeps it */
  reasonMax: 500,
} as const;

/** The answer to `GET .../store/orders/{orderId}`: the order and every event that named it. */
export interface StoreOrderDetail extends StoreOrder {
  events: StoreEventRecord[];
}

/** Who the audit log and events name for changes a store's event made. */
export const STORE_ACTOR = 'store';
