// Outgoing webhook events (interface "Events" and contract "Webhooks").

export const EVENT_NAMES = [
  'user.login',
  'user.register',
  'user.ban',
  'license.activate',
  'license.expire',
  'license.delete',
  'file.download',
  'session.create',
  'order.fulfilled',
  'order.refunded',
  'order.renewed',
  'order.cancelled',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];
/** `test` is sent by the test route only; it cannot be subscribed to. */
export type DeliveredEventName = EventName | 'test';

export interface EventData {
  'user.login': { userId: string; username: string; ip: string; hwid: string | null; appId: string };
  'user.register': { userId: string; username: string; licenseKey: string; ip: string; appId: string };
  'user.ban': { userId: string; username: string; reason: string | null; bannedBy: string; appId: string };
  'license.activate': {
    licenseId: string;
    key: string;
    durationType: string;
    level: number;
    activatedBy: string;
    appId: string;
  };
  'license.expire': { licenseId: string; key: string; userId: string | null; expiredAt: string; appId: string };
  'license.delete': { licenseId: string; key: string; deletedBy: string; appId: string };
  'file.download': { fileId: string; name: string; userId: string; username: string; ip: string; appId: string };
  'session.create': {
    sessionId: string;
    userId: string;
    username: string;
    ip: string;
    hwid: string | null;
    expiresAt: string;
    appId: string;
  };
  /** A store's purchase made the order's keys (docs/selling.md). */
  'order.fulfilled': {
    orderId: string;
    externalOrderId: string;
    provider: string;
    productName: string | null;
    buyerEmail: string | null;
    quantity: number;
    amount: number | null;
    currency: string | null;
    keys: string[];
    appId: string;
  };
  /** A refund (`status: refunded`) or chargeback (`status: chargeback`) banned the order's keys. */
  'order.refunded': {
    orderId: string;
    externalOrderId: string;
    provider: string;
    status: string;
    reason: string | null;
    keys: string[];
    appId: string;
  };
  /** A subscription's payment moved its keys' expiry to `expiresAt`. */
  'order.renewed': {
    orderId: string;
    externalOrderId: string;
    provider: string;
    periodEndsAt: string;
    expiresAt: string;
    keys: string[];
    appId: string;
  };
  /** A subscription was cancelled: its keys end at `endsAt`. */
  'order.cancelled': {
    orderId: string;
    externalOrderId: string;
    provider: string;
    endsAt: string;
    keys: string[];
    appId: string;
  };
  test: { message: string; appId: string; webhookId: string };
}

export interface WebhookEnvelope<E extends DeliveredEventName = DeliveredEventName> {
  event: E;
  /** ISO 8601 UTC with milliseconds */
  timestamp: string;
  data: EventData[E];
}

export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';

/**
 * Each event's data fields in the documented order. JSON stored by the
 * database loses key order; deliveries and Discord embeds follow this one.
 */
export const EVENT_DATA_FIELDS: { [E in DeliveredEventName]: ReadonlyArray<keyof EventData[E]> } = {
  'user.login': ['userId', 'username', 'ip', 'hwid', 'appId'],
  'user.register': ['userId', 'username', 'licenseKey', 'ip', 'appId'],
  'user.ban': ['userId', 'username', 'reason', 'bannedBy', 'appId'],
  'license.activate': ['licenseId', 'key', 'durationType', 'level', 'activatedBy', 'appId'],
  'license.expire': ['licenseId', 'key', 'userId', 'expiredAt', 'appId'],
  'license.delete': ['licenseId', 'key', 'deletedBy', 'appId'],
  'file.download': ['fileId', 'name', 'userId', 'username', 'ip', 'appId'],
  'session.create': ['sessionId', 'userId', 'username', 'ip', 'hwid', 'expiresAt', 'appId'],
  'order.fulfilled': [
    'orderId',
    'externalOrderId',
    'provider',
    'productName',
    'buyerEmail',
    'quantity',
    'amount',
    'currency',
    'keys',
    'appId',
  ],
  'order.refunded': ['orderId', 'externalOrderId', 'provider', 'status', 'reason', 'keys', 'appId'],
  'order.renewed': ['orderId', 'externalOrderId', 'provider', 'periodEndsAt', 'expiresAt', 'keys', 'appId'],
  'order.cancelled': ['orderId', 'externalOrderId', 'provider', 'endsAt', 'keys', 'appId'],
  test: ['message', 'appId', 'webhookId'],
};

// Webhook management in the admin API (contract, "Webhooks").

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks secret format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export interface Webhook {
  id: string;
  url: string;
  events: EventName[];
  enabled: boolean;
  /** Why the service or the owner turned it off; null while enabled. */
  disabledReason: string | null;
  createdAt: string;
}
export interface CreatedWebhook extends Webhook {
  /** Shown only in the creation response. */
  secret: string;
}
export const WebhookLimits = {
  urlMax: 2048,
} as const;
// CreateWebhookRequest and UpdateWebhookRequest are request shapes: shapes/webhooks.ts.
export interface WebhookTestResult {
  deliveryId: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// ListDeliveriesQuery (`GET .../webhooks/{webhookId}/deliveries`) is a request shape: shapes/webhooks.ts.

/** One HTTP attempt of a delivery. */
export interface WebhookDeliveryAttempt {
  /** 1 for the first attempt */
  number: number;
  startedAt: string;
  durationMs: number;
  /** null when no response arrived (time-out, connection error, refused address) */
  statusCode: number | null;
  error: string | null;
  /** The first 2 KiB of the response body. */
  responseBody: string | null;
}

/** One event sent to one webhook, retried until it succeeds or its attempts run out. */
export interface WebhookDelivery {
  /** Also the `webhook-id` header, the same on every attempt. */
  id: string;
  event: DeliveredEventName;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** When the next attempt is due; null once the delivery has succeeded or failed. */
  nextAttemptAt: string | null;
  attemptDetails: WebhookDeliveryAttempt[];
}
