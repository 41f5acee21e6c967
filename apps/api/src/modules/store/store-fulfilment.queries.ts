/*
 * The statements of fulfilment (store-fulfilment.ts, store-order-changes.ts):
 * an event's claim, an order's keys and status, its other ids.
 */

/**
 * Claims the store's event id for this event: the partial unique index
 * store_events_once_key lets one applied (or ignored) event per id and
 * connection commit. A concurrent claim of the same id waits here for the
 * first one's transaction and then inserts nothing (a duplicate), or, when
 * that transaction rolled back, claims it.
 */
export const CLAIM_EVENT = `INSERT INTO store_events (app_id, connection_id, external_event_id, kind, outcome)
  VALUES ($1, $2, $3, $4, 'applied')
  ON CONFLICT (connection_id, external_event_id) WHERE external_event_id IS NOT NULL AND outcome IN ('applied', 'ignored')
  DO NOTHING RETURNING id`;

/** The event that claimed the id `$2` first, and its order. */
export const CLAIMED_EVENT = `SELECT id, order_id FROM store_events
  WHERE connection_id = $1 AND external_event_id = $2 AND outcome IN ('applied', 'ignored')`;

/** An event recorded as it is: a duplicate, or a refusal in a statement of its own. */
export const RECORD_EVENT = `INSERT INTO store_events (app_id, connection_id, external_event_id, kind, outcome, reason,
    order_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`;

/** The claimed event's outcome once it is known. */
export const SETTLE_EVENT = `UPDATE store_events SET outcome = $2, reason = $3, order_id = $4 WHERE id = $1`;

export interface NewOrderRow {
  id: string;
}

/** A purchase's order; no row when the connection has that store order already. */
export const INSERT_ORDER = `INSERT INTO store_orders (app_id, connection_id, product_id, product_name,
    external_order_id, subscription_id, buyer_email, quantity, amount, currency, status, period_ends_at, email_status)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
  ON CONFLICT (connection_id, external_order_id) DO NOTHING RETURNING id`;

/** Links the keys `$2` to the order `$1`, in the order they were made. */
export const LINK_ORDER_KEYS = `INSERT INTO store_order_licenses (order_id, license_id, position)
  SELECT $1, id, n FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, n)`;

/** Other store ids `$2` naming the order `$3`; an id naming another order already keeps it. */
export const ADD_ORDER_REFS = `INSERT INTO store_order_refs (connection_id, external_id, order_id)
  SELECT $1, x, $3 FROM unnest($2::text[]) AS t(x) ON CONFLICT (connection_id, external_id) DO NOTHING`;

export interface LockedOrderRow {
  id: string;
  app_id: string;
  external_order_id: string;
  status: string;
  period_ends_at: Date | null;
}

/**
 * The connection's order one of the ids `$2` names (its own store id, or one
 * of store_order_refs), locked until the transaction ends, so events on one
 * order apply one after another. A union, so each side is its unique index's
 * lookup (an OR of the two was a sequential scan of store_orders).
 */
export const LOCK_ORDER = `SELECT o.id, o.app_id, o.external_order_id, o.status, o.period_ends_at FROM store_orders o
  WHERE o.id IN (
    SELECT id FROM store_orders WHERE connection_id = $1 AND external_order_id = ANY($2::text[])
    UNION SELECT order_id FROM store_order_refs WHERE connection_id = $1 AND external_id = ANY($2::text[]))
  ORDER BY o.created_at LIMIT 1 FOR UPDATE OF o`;

/** The order's keys in the order they were made. */
export const ORDER_KEYS = `SELECT l.id, l.key FROM store_order_licenses sol JOIN licenses l ON l.id = sol.license_id
  WHERE sol.order_id = $1 ORDER BY sol.position`;

/** The order's new status and reason, and its period end when `$4` is not null. */
export const SET_ORDER_STATUS = `UPDATE store_orders
  SET status = $2, status_reason = $3, period_ends_at = COALESCE($4, period_ends_at), updated_at = now()
  WHERE id = $1`;
