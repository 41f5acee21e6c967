import type { ListStatement } from '../../common/sql.js';

/*
 * Every statement of the store module (docs/data-access.md). It owns
 * store_connections, store_products, store_orders, store_order_refs,
 * store_order_licenses and store_events; keys change through
 * licenses/license-orders.ts.
 */

export interface ConnectionRow {
  id: string;
  app_id: string;
  provider: string;
  name: string;
  enabled: boolean;
  created_at: Date;
  last_event_at: Date | null;
  product_count: number;
}

const CONNECTION_COLUMNS = `c.id, c.app_id, c.provider, c.name, c.enabled, c.created_at, c.last_event_at,
  (SELECT count(*)::int FROM store_products p WHERE p.connection_id = c.id) AS product_count`;

export const LIST_CONNECTIONS = `SELECT ${CONNECTION_COLUMNS} FROM store_connections c WHERE c.app_id = $1
  ORDER BY c.created_at, c.id`;

export const FIND_CONNECTION = `SELECT ${CONNECTION_COLUMNS} FROM store_connections c WHERE c.id = $1 AND c.app_id = $2`;

export const INSERT_CONNECTION = `WITH c AS (
    INSERT INTO store_connections (app_id, provider, name, signing_secret) VALUES ($1, $2, $3, $4) RETURNING *)
  SELECT c.id, c.app_id, c.provider, c.name, c.enabled, c.created_at, c.last_event_at, 0 AS product_count FROM c`;

/** Name, enabled and sealed secret, each when not null. */
export const UPDATE_CONNECTION = `UPDATE store_connections
  SET name = COALESCE($3, name), enabled = COALESCE($4, enabled), signing_secret = COALESCE($5, signing_secret)
  WHERE id = $1 AND app_id = $2 RETURNING id`;

/** Deletes the connection unless it has orders (then no row: STORE_CONNECTION_HAS_ORDERS). */
export const DELETE_CONNECTION = `DELETE FROM store_connections c WHERE c.id = $1 AND c.app_id = $2
  AND NOT EXISTS (SELECT 1 FROM store_orders o WHERE o.connection_id = c.id) RETURNING id`;

export const CONNECTION_HAS_ORDERS = `SELECT EXISTS (SELECT 1 FROM store_orders WHERE connection_id = $1) AS has_orders`;

/** What the receiver needs of a connection: its app, store, switch and sealed secret. */
export interface ReceivingConnectionRow {
  id: string;
  app_id: string;
  provider: string;
  enabled: boolean;
  signing_secret: Buffer;
}

export const RECEIVING_CONNECTION = `SELECT id, app_id, provider, enabled, signing_secret FROM store_connections
  WHERE id = $1`;

export const TOUCH_CONNECTION = `UPDATE store_connections SET last_event_at = now() WHERE id = $1`;

export interface ProductRow {
  id: string;
  connection_id: string;
  external_id: string;
  name: string;
  keys_per_unit: number;
  level: number;
  duration_type: string;
  max_devices: number;
  expected_amount: string | null;
  currency: string | null;
  renewal_url: string | null;
  created_at: Date;
}

const PRODUCT_COLUMNS = `p.id, p.connection_id, p.external_id, p.name, p.keys_per_unit, p.level, p.duration_type,
  p.max_devices, p.expected_amount, p.currency, p.renewal_url, p.created_at`;

export const LIST_PRODUCTS = `SELECT ${PRODUCT_COLUMNS} FROM store_products p
  JOIN store_connections c ON c.id = p.connection_id WHERE p.connection_id = $1 AND c.app_id = $2
  ORDER BY p.created_at, p.id`;

export const FIND_PRODUCT = `SELECT ${PRODUCT_COLUMNS} FROM store_products p
  JOIN store_connections c ON c.id = p.connection_id WHERE p.id = $1 AND c.app_id = $2`;

/** The mapping a purchase names, by the store's id (store_products_external_key). */
export const PRODUCT_BY_EXTERNAL_ID = `SELECT ${PRODUCT_COLUMNS} FROM store_products p
  WHERE p.connection_id = $1 AND p.external_id = $2`;

/** Inserts a mapping; no row when the connection already maps that store id. */
export const INSERT_PRODUCT = `INSERT INTO store_products AS p (connection_id, external_id, name, keys_per_unit, level,
    duration_type, max_devices, expected_amount, currency, renewal_url)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  ON CONFLICT (connection_id, external_id) DO NOTHING RETURNING ${PRODUCT_COLUMNS}`;

/** Replaces every field of the mapping `$1` (the service merges the change into the row it read). */
export const UPDATE_PRODUCT = `UPDATE store_products AS p SET external_id = $2, name = $3, keys_per_unit = $4, level = $5,
    duration_type = $6, max_devices = $7, expected_amount = $8, currency = $9, renewal_url = $10
  WHERE p.id = $1 RETURNING ${PRODUCT_COLUMNS}`;

export const DELETE_PRODUCT = `DELETE FROM store_products WHERE id = $1`;

export interface OrderRow {
  id: string;
  app_id: string;
  connection_id: string;
  provider: string;
  product_id: string | null;
  product_name: string | null;
  external_order_id: string;
  subscription_id: string | null;
  buyer_email: string | null;
  quantity: number;
  amount: string | null;
  currency: string | null;
  status: string;
  status_reason: string | null;
  period_ends_at: Date | null;
  email_status: string;
  email_error: string | null;
  created_at: Date;
  updated_at: Date;
  /** [licenseId, key] pairs in the order they were made */
  keys: Array<[string, string]>;
}

export const ORDER_COLUMNS = `o.id, o.app_id, o.connection_id, c.provider, o.product_id, o.product_name,
  o.external_order_id, o.subscription_id, o.buyer_email, o.quantity, o.amount, o.currency, o.status, o.status_reason,
  o.period_ends_at, o.email_status, o.email_error, o.created_at, o.updated_at,
  COALESCE((SELECT json_agg(json_build_array(l.id, l.key) ORDER BY sol.position)
    FROM store_order_licenses sol JOIN licenses l ON l.id = sol.license_id WHERE sol.order_id = o.id), '[]') AS keys`;

const ORDERS_FROM = `store_orders o JOIN store_connections c ON c.id = o.connection_id`;

/** Filters of the orders list: `$2` status, `$3` connection (null: any). */
const ORDER_FILTERS = `o.app_id = $1 AND ($2::text IS NULL OR o.status = $2) AND ($3::uuid IS NULL OR o.connection_id = $3)`;

/** The app's orders, newest first (store_orders_app_created_idx). */
export const LIST_ORDERS: ListStatement = {
  select: ORDER_COLUMNS,
  from: `${ORDERS_FROM} WHERE ${ORDER_FILTERS}`,
  countFrom: `store_orders o WHERE ${ORDER_FILTERS}`,
  orderBy: 'o.created_at DESC, o.id DESC',
};

/**
 * Orders whose buyer email (lower case, `$4`), store order id (`$5`) or one
 * of whose keys (upper case, `$6`, null for a search shorter than
 * StoreLimits.keyPrefixMin; `$7` the whole key) starts with the search; each
 * LIKE pattern is a prefix (`fragment%`, escaped with `\`), so each branch is
 * a range of its own index: store_orders_app_email_idx,
 * store_orders_app_external_idx, and licenses_app_key_key (exact) or
 * licenses_key_trgm_idx (a prefix: trigrams need three characters, and a
 * short one would match a large share of the app's keys).
 */
const MATCHING_ORDERS = `o.id IN (
    SELECT id FROM store_orders WHERE app_id = $1 AND lower(buyer_email) LIKE $4 ESCAPE '\\'
    UNION SELECT id FROM store_orders WHERE app_id = $1 AND external_order_id LIKE $5 ESCAPE '\\'
    UNION SELECT sol.order_id FROM licenses l JOIN store_order_licenses sol ON sol.license_id = l.id
      WHERE l.app_id = $1 AND (l.key = $7 OR ($6::text IS NOT NULL AND l.key LIKE $6 ESCAPE '\\')))`;

export const SEARCH_ORDERS: ListStatement = {
  select: ORDER_COLUMNS,
  from: `${ORDERS_FROM} WHERE ${ORDER_FILTERS} AND ${MATCHING_ORDERS}`,
  countFrom: `store_orders o WHERE ${ORDER_FILTERS} AND ${MATCHING_ORDERS}`,
  // Output names: a counted search sorts its materialized matches, where the alias `o` is gone.
  orderBy: 'created_at DESC, id DESC',
  search: true,
};

export const FIND_ORDER = `SELECT ${ORDER_COLUMNS} FROM ${ORDERS_FROM} WHERE o.id = $1 AND o.app_id = $2`;

export interface EventRow {
  id: string;
  connection_id: string;
  provider: string;
  external_event_id: string | null;
  kind: string | null;
  outcome: string;
  reason: string | null;
  order_id: string | null;
  received_at: Date;
}

const EVENT_COLUMNS = `e.id, e.connection_id, c.provider, e.external_event_id, e.kind, e.outcome, e.reason, e.order_id,
  e.received_at`;

const EVENT_FILTERS = `e.app_id = $1 AND ($2::text IS NULL OR e.outcome = $2) AND ($3::uuid IS NULL OR e.connection_id = $3)`;

/** The app's received events, newest first (store_events_app_idx). */
export const LIST_EVENTS: ListStatement = {
  select: EVENT_COLUMNS,
  from: `store_events e JOIN store_connections c ON c.id = e.connection_id WHERE ${EVENT_FILTERS}`,
  countFrom: `store_events e WHERE ${EVENT_FILTERS}`,
  orderBy: 'e.received_at DESC, e.id DESC',
};

/** An order's events, oldest first (store_events_order_idx). */
export const ORDER_EVENTS = `SELECT ${EVENT_COLUMNS} FROM store_events e JOIN store_connections c ON c.id = e.connection_id
  WHERE e.order_id = $1 ORDER BY e.received_at, e.id`;
