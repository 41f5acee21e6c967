import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { STORE_ACTOR, StoreLimits, type DurationType } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PlannerStatistics } from '../../common/planner-statistics.js';
import { sqlRows } from '../../common/sql.js';
import { AuditService } from '../audit/audit.service.js';
import { domainEvent, type Emit, EventsService } from '../events/events.service.js';
import { createOrderKeys } from '../licenses/license-orders.js';
import type { NormalizedStoreEvent } from './connectors/store-connector.js';
import type { EventSource, Fulfilled } from './fulfilment-terms.js';
import { OrderEmail } from './order-email.js';
import { PRODUCT_BY_EXTERNAL_ID, type ProductRow, TOUCH_CONNECTION } from './store.queries.js';
import {
  ADD_ORDER_REFS,
  CLAIM_EVENT,
  CLAIMED_EVENT,
  INSERT_ORDER,
  LINK_ORDER_KEYS,
  ORDER_KEYS,
  RECORD_EVENT,
  SETTLE_EVENT,
  type NewOrderRow,
} from './store-fulfilment.queries.js';
import { StoreOrderChanges } from './store-order-changes.js';
import { shortReason, StoreRefusal } from './store-refusal.js';

/** A claimed event: its row, and whether it is the first with its store id. */
type Claim = { eventId: string } | { duplicateOf: { id: string; order_id: string | null } };

/**
 * Exactly-once fulfilment (docs/decisions/store.md). One transaction claims
 * the store's event id (store_events_once_key), makes or changes the order
 * and its keys, and writes the audit entries and domain events; a
 * redelivered or concurrent copy of the event waits for that transaction and
 * answers the same keys, making none. A refusal rolls it all back; the
 * receiver then records the refused event on its own.
 */
@Injectable()
export class StoreFulfilment {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly changes: StoreOrderChanges,
    private readonly orderEmail: OrderEmail,
    private readonly statistics: PlannerStatistics,
  ) {}

  async apply(source: EventSource, event: NormalizedStoreEvent): Promise<Fulfilled> {
    let madeKeys = 0;
    const emailOrders: string[] = [];
    const answer = await this.events.transaction(async (manager, emit) => {
      const claim = await this.claim(manager, source, event);
      if ('duplicateOf' in claim) return this.duplicate(manager, source, event, claim.duplicateOf.order_id);
      if (event.kind !== 'purchase')
        return this.changes.apply(manager, emit, { source, event, claimId: claim.eventId });
      const made = await this.purchase(manager, emit, source, event, claim.eventId);
      madeKeys = made.madeKeys;
      if (made.emailPending) emailOrders.push(made.orderId);
      return { keys: made.keys };
    });
    // After commit, outside the transaction: a row lock on the connection would queue all its events.
    await sqlRows(this.dataSource, TOUCH_CONNECTION, [source.connectionId]);
    if (madeKeys > 0) this.statistics.wrote('licenses', madeKeys);
    if (emailOrders.length > 0) this.orderEmail.afterCommit(emailOrders);
    return answer;
  }

  /** Records an event refused before or during fulfilment, in a statement of its own. */
  async recordRefusal(
    manager: EntityManager,
    source: Omit<EventSource, 'ip'>,
    refused: { eventId: string | null; kind: string | null; reason: string },
  ): Promise<void> {
    await sqlRows(manager, RECORD_EVENT, [
      source.appId,
      source.connectionId,
      refused.eventId,
      refused.kind,
      'refused',
      shortReason(refused.reason),
      null,
    ]);
  }

  private async claim(manager: EntityManager, source: EventSource, event: NormalizedStoreEvent): Promise<Claim> {
    const [claimed] = await sqlRows<{ id: string }>(manager, CLAIM_EVENT, [
      source.appId,
      source.connectionId,
      event.eventId,
      event.kind,
    ]);
    if (claimed) return { eventId: claimed.id };
    const [first] = await sqlRows<{ id: string; order_id: string | null }>(manager, CLAIMED_EVENT, [
      source.connectionId,
      event.eventId,
    ]);
    return { duplicateOf: first! };
  }

  /** A copy of an event handled already: recorded as a duplicate, answered with its order's keys. */
  private async duplicate(
    manager: EntityManager,
    source: EventSource,
    event: NormalizedStoreEvent,
    orderId: string | null,
    claimId?: string,
  ): Promise<Fulfilled> {
    const reason = 'Handled already: the same keys were answered';
    if (claimId) await sqlRows(manager, SETTLE_EVENT, [claimId, 'duplicate', reason, orderId]);
    else {
      await sqlRows(manager, RECORD_EVENT, [
        source.appId,
        source.connectionId,
        event.eventId,
        event.kind,
        'duplicate',
        reason,
        orderId,
      ]);
    }
    if (!orderId) return { keys: [] };
    const keys = await sqlRows<{ key: string }>(manager, ORDER_KEYS, [orderId]);
    return { keys: keys.map((k) => k.key) };
  }

  private async purchase(
    manager: EntityManager,
    emit: Emit,
    source: EventSource,
    event: NormalizedStoreEvent,
    claimId: string,
  ): Promise<{ keys: string[]; orderId: string; madeKeys: number; emailPending: boolean }> {
    const [product] = await sqlRows<ProductRow>(manager, PRODUCT_BY_EXTERNAL_ID, [
      source.connectionId,
      event.productId,
    ]);
    if (!product) {
      throw new StoreRefusal('STORE_PRODUCT_UNKNOWN', `No product mapping for ${event.productId ?? 'no product'}`);
    }
    checkAmount(product, event);
    const count = product.keys_per_unit * event.quantity;
    if (count > StoreLimits.keysPerOrderMax) {
      throw new StoreRefusal(
        'STORE_QUANTITY_REFUSED',
        `${count} keys (${event.quantity} x ${product.keys_per_unit}) is over ${StoreLimits.keysPerOrderMax} per order`,
      );
    }
    const emailPending = this.orderEmail.enabled && event.buyerEmail !== null;
    const [order] = await sqlRows<NewOrderRow>(manager, INSERT_ORDER, [
      source.appId,
      source.connectionId,
      product.id,
      product.name,
      event.orderId,
      event.subscriptionId,
      event.buyerEmail,
      event.quantity,
      event.amount,
      event.currency,
      event.subscriptionId ? 'active' : 'paid',
      event.periodEndsAt,
      emailPending ? 'pending' : 'off',
    ]);
    if (!order) {
      // Another event (another id) fulfilled this store order already.
      const existing = await this.changes.findOrder(manager, source.connectionId, [event.orderId]);
      const answered = await this.duplicate(manager, source, event, existing?.id ?? null, claimId);
      return { ...answered, orderId: existing?.id ?? '', madeKeys: 0, emailPending: false };
    }
    const licenses = await createOrderKeys(manager, {
      appId: source.appId,
      count,
      durationType: product.duration_type as DurationType,
      level: product.level,
      maxDevices: product.max_devices,
      note: `${source.provider} order ${event.orderId}`.slice(0, 500),
      customerEmail: event.buyerEmail,
    });
    const licenseIds = licenses.map((l) => l.id);
    const keys = licenses.map((l) => l.key);
    await sqlRows(manager, LINK_ORDER_KEYS, [order.id, licenseIds]);
    if (event.relatedIds.length > 0)
      await sqlRows(manager, ADD_ORDER_REFS, [source.connectionId, event.relatedIds, order.id]);
    await sqlRows(manager, SETTLE_EVENT, [claimId, 'applied', null, order.id]);
    emit(
      domainEvent('order.fulfilled', source.appId, {
        orderId: order.id,
        externalOrderId: event.orderId,
        provider: source.provider,
        productName: product.name,
        buyerEmail: event.buyerEmail,
        quantity: event.quantity,
        amount: event.amount,
        currency: event.currency,
        keys,
        appId: source.appId,
      }),
    );
    await this.audit.write(manager, [
      {
        appId: source.appId,
        type: 'store.order.fulfil',
        actor: STORE_ACTOR,
        actorId: null,
        ip: source.ip,
        details: {
          orderId: order.id,
          externalOrderId: event.orderId,
          connectionId: source.connectionId,
          storeEventId: event.eventId,
          product: product.name,
          licenseIds,
          keys,
        },
      },
    ]);
    return { keys, orderId: order.id, madeKeys: keys.length, emailPending };
  }
}

/** The mapping's least amount per unit, in its currency; a mapping without them accepts any payment. */
function checkAmount(product: ProductRow, event: NormalizedStoreEvent): void {
  if (product.currency !== null && event.currency !== product.currency.toUpperCase()) {
    throw new StoreRefusal(
      'STORE_AMOUNT_REFUSED',
      `Paid in ${event.currency ?? 'no currency'}, the mapping expects ${product.currency.toUpperCase()}`,
    );
  }
  if (product.expected_amount === null) return;
  const least = BigInt(product.expected_amount) * BigInt(event.quantity);
  if (event.amount === null || BigInt(event.amount) < least) {
    throw new StoreRefusal(
      'STORE_AMOUNT_REFUSED',
      `Paid ${event.amount ?? 'no amount'}, the mapping expects at least ${least} for ${event.quantity}`,
    );
  }
}
