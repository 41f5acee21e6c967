import { Injectable } from '@nestjs/common';
import { STORE_ACTOR, type AuditType, type StoreOrderStatus } from '@latchkey/contracts';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { AuditService } from '../audit/audit.service.js';
import { domainEvent, type Emit } from '../events/events.service.js';
import { banOrderKeys, endOrderKeys, extendOrderKeys } from '../licenses/license-orders.js';
import type { NormalizedStoreEvent } from './connectors/store-connector.js';
import type { EventSource, Fulfilled } from './fulfilment-terms.js';
import {
  ADD_ORDER_REFS,
  LOCK_ORDER,
  type LockedOrderRow,
  ORDER_KEYS,
  SET_ORDER_STATUS,
  SETTLE_EVENT,
} from './store-fulfilment.queries.js';
import { shortReason, StoreRefusal } from './store-refusal.js';

/**
 * A renewal runs keys to the new period's end plus this grace, so a renewal
 * the store reports a little late (its payment retried, its webhook delayed)
 * finds the keys still running (docs/decisions/store.md).
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** Orders whose keys are banned: later renewals and cancellations leave them so. */
const BANNED_STATUSES: readonly string[] = ['refunded', 'chargeback'];

interface Change {
  source: EventSource;
  event: NormalizedStoreEvent;
  claimId: string;
}

/**
 * What an event does to an order fulfilment made: a refund or chargeback
 * bans its keys, a renewal runs them to the new period's end, a cancellation
 * ends them at the paid period's end; an ignored event only links the ids it
 * names. Runs in fulfilment's transaction, with the order locked.
 */
@Injectable()
export class StoreOrderChanges {
  constructor(private readonly audit: AuditService) {}

  /** The connection's order one of `ids` names, locked until the transaction ends. */
  async findOrder(manager: EntityManager, connectionId: string, ids: string[]): Promise<LockedOrderRow | undefined> {
    const [order] = await sqlRows<LockedOrderRow>(manager, LOCK_ORDER, [connectionId, ids]);
    return order;
  }

  async apply(manager: EntityManager, emit: Emit, change: Change): Promise<Fulfilled> {
    const { source, event, claimId } = change;
    const ids = [...new Set([event.orderId, ...event.relatedIds].filter((id) => id !== ''))];
    const order = ids.length > 0 ? await this.findOrder(manager, source.connectionId, ids) : undefined;
    if (!order) {
      if (event.kind !== 'ignored') throw new StoreRefusal('STORE_ORDER_UNKNOWN', `No order for ${event.orderId}`);
      await settle(manager, claimId, 'ignored', event.reason ?? 'Not acted on', null);
      return { keys: [] };
    }
    const others = ids.filter((id) => id !== order.external_order_id);
    if (others.length > 0) await sqlRows(manager, ADD_ORDER_REFS, [source.connectionId, others, order.id]);
    const rows = await sqlRows<{ id: string; key: string }>(manager, ORDER_KEYS, [order.id]);
    const keys = rows.map((r) => r.key);
    const licenseIds = rows.map((r) => r.id);
    const skipped = skipReason(order, event);
    if (skipped !== null) {
      await settle(manager, claimId, 'ignored', skipped, order.id);
      return { keys };
    }
    const base = { orderId: order.id, externalOrderId: order.external_order_id, provider: source.provider, keys };
    const appId = source.appId;
    let audit: { type: AuditType; details: Record<string, unknown> };
    if (event.kind === 'refund' || event.kind === 'chargeback') {
      const status: StoreOrderStatus = event.kind === 'refund' ? 'refunded' : 'chargeback';
      const reason = shortReason(
        `${event.kind === 'refund' ? 'Refunded' : 'Chargeback'} (${source.provider} order ${
          order.external_order_id
        })${event.reason ? `: ${event.reason}` : ''}`,
      );
      await banOrderKeys(manager, licenseIds, reason);
      await sqlRows(manager, SET_ORDER_STATUS, [order.id, status, event.reason, null]);
      emit(domainEvent('order.refunded', appId, { ...base, status, reason: event.reason, appId }));
      audit = { type: `store.order.${event.kind}`, details: { reason } };
    } else if (event.kind === 'renewal') {
      const periodEnd = event.periodEndsAt!;
      const until = new Date(periodEnd.getTime() + RENEWAL_GRACE_MS);
      await extendOrderKeys(manager, licenseIds, until);
      await sqlRows(manager, SET_ORDER_STATUS, [order.id, 'active', null, periodEnd]);
      const times = { periodEndsAt: periodEnd.toISOString(), expiresAt: until.toISOString() };
      emit(domainEvent('order.renewed', appId, { ...base, ...times, appId }));
      audit = { type: 'store.order.renew', details: times };
    } else {
      const now = new Date();
      const endsAt = event.periodEndsAt && event.periodEndsAt > now ? event.periodEndsAt : now;
      await endOrderKeys(manager, licenseIds, endsAt, now);
      const status: StoreOrderStatus = endsAt > now ? 'ending' : 'ended';
      await sqlRows(manager, SET_ORDER_STATUS, [order.id, status, event.reason, endsAt]);
      emit(domainEvent('order.cancelled', appId, { ...base, endsAt: endsAt.toISOString(), appId }));
      audit = { type: 'store.order.cancel', details: { endsAt: endsAt.toISOString() } };
    }
    await settle(manager, claimId, 'applied', null, order.id);
    await this.audit.write(manager, [
      {
        appId,
        type: audit.type,
        actor: STORE_ACTOR,
        actorId: null,
        ip: source.ip,
        details: {
          orderId: order.id,
          externalOrderId: order.external_order_id,
          connectionId: source.connectionId,
          storeEventId: event.eventId,
          licenseIds,
          keys,
          ...audit.details,
        },
      },
    ]);
    return { keys };
  }
}

/** Why an event leaves the order as it is, or null when it applies. */
function skipReason(order: LockedOrderRow, event: NormalizedStoreEvent): string | null {
  if (event.kind === 'ignored') return event.reason ?? 'Not acted on';
  if (event.kind === 'purchase') return 'A purchase of an order that exists';
  if (BANNED_STATUSES.includes(order.status)) return `The order is ${order.status}: its keys stay banned`;
  if (event.kind === 'cancellation' && order.status === 'ended') return 'The order has ended already';
  return null;
}

async function settle(
  manager: EntityManager,
  claimId: string,
  outcome: 'applied' | 'ignored',
  reason: string | null,
  orderId: string | null,
): Promise<void> {
  await sqlRows(manager, SETTLE_EVENT, [claimId, outcome, reason === null ? null : shortReason(reason), orderId]);
}
