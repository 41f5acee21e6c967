import type {
  DurationType,
  OrderEmailStatus,
  StoreConnection,
  StoreEventKind,
  StoreEventOutcome,
  StoreEventRecord,
  StoreOrder,
  StoreOrderStatus,
  StoreProduct,
  StoreProvider,
} from '@latchkey/contracts';
import { iso } from '../../common/iso.js';
import type { ConnectionRow, EventRow, OrderRow, ProductRow } from './store.queries.js';

/** The public path a store posts a connection's events to (the receiver, store-receiver.ts). */
export function webhookPath(connectionId: string): string {
  return `/store/webhooks/${connectionId}`;
}

export function toConnection(row: ConnectionRow, base: string): StoreConnection {
  return {
    id: row.id,
    appId: row.app_id,
    provider: row.provider as StoreProvider,
    name: row.name,
    enabled: row.enabled,
    webhookUrl: `${base}${webhookPath(row.id)}`,
    productCount: row.product_count,
    createdAt: row.created_at.toISOString(),
    lastEventAt: iso(row.last_event_at),
  };
}

export function toProduct(row: ProductRow): StoreProduct {
  return {
    id: row.id,
    connectionId: row.connection_id,
    externalId: row.external_id,
    name: row.name,
    keysPerUnit: row.keys_per_unit,
    level: row.level,
    durationType: row.duration_type as DurationType,
    maxDevices: row.max_devices,
    expectedAmount: row.expected_amount === null ? null : Number(row.expected_amount),
    currency: row.currency,
    renewalUrl: row.renewal_url,
    createdAt: row.created_at.toISOString(),
  };
}

export function toOrder(row: OrderRow): StoreOrder {
  return {
    id: row.id,
    appId: row.app_id,
    connectionId: row.connection_id,
    provider: row.provider as StoreProvider,
    productId: row.product_id,
    productName: row.product_name,
    externalOrderId: row.external_order_id,
    subscriptionId: row.subscription_id,
    buyerEmail: row.buyer_email,
    quantity: row.quantity,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    status: row.status as StoreOrderStatus,
    statusReason: row.status_reason,
    keys: row.keys.map(([licenseId, key]) => ({ licenseId, key })),
    periodEndsAt: iso(row.period_ends_at),
    emailStatus: row.email_status as OrderEmailStatus,
    emailError: row.email_error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toEventRecord(row: EventRow): StoreEventRecord {
  return {
    id: row.id,
    connectionId: row.connection_id,
    provider: row.provider as StoreProvider,
    externalEventId: row.external_event_id,
    kind: row.kind as StoreEventKind | null,
    outcome: row.outcome as StoreEventOutcome,
    reason: row.reason,
    orderId: row.order_id,
    receivedAt: row.received_at.toISOString(),
  };
}
