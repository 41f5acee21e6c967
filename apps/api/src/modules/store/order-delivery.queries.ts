/*
 * The statements of delivery to the buyer (order-page.service.ts,
 * order-email.ts, order-email.processor.ts, order-email-sweeper.ts): what the
 * order page and the order email show, and the email's record on the order.
 */

/** The keys of order `o`, in the order they were made. */
const ORDER_KEYS_JSON = `COALESCE((SELECT json_agg(l.key ORDER BY sol.position)
    FROM store_order_licenses sol JOIN licenses l ON l.id = sol.license_id WHERE sol.order_id = o.id), '[]')`;

export interface OrderPageRow {
  app_name: string;
  product_name: string | null;
  status: string;
  keys: string[];
  created_at: Date;
  renewal_url: string | null;
  download_url: string | null;
}

/** What the buyer's page shows of order `$1`: the app's name and update URL, the mapping's renewal URL. */
export const ORDER_PAGE = `SELECT a.name AS app_name, o.product_name, o.status, ${ORDER_KEYS_JSON} AS keys,
    o.created_at, p.renewal_url, a.update_url AS download_url
  FROM store_orders o JOIN apps a ON a.id = o.app_id LEFT JOIN store_products p ON p.id = o.product_id
  WHERE o.id = $1`;

export interface ReturnConnectionRow {
  provider: string;
  enabled: boolean;
}

export const RETURN_CONNECTION = `SELECT provider, enabled FROM store_connections WHERE id = $1`;

/**
 * The order of connection `$1` that the store's id `$2` names: its own store
 * id or another of its ids (a union of two unique-index lookups).
 */
export const RETURN_ORDER = `SELECT id FROM store_orders WHERE connection_id = $1 AND external_order_id = $2
  UNION SELECT order_id FROM store_order_refs WHERE connection_id = $1 AND external_id = $2
  LIMIT 1`;

/** Order `$1` of app `$2`, for the console's link and resend. */
export const APP_ORDER = `SELECT id, buyer_email FROM store_orders WHERE id = $1 AND app_id = $2`;

export interface OrderEmailRow {
  id: string;
  attempts: number;
  buyer_email: string;
  app_name: string;
  product_name: string | null;
  status: string;
  keys: string[];
  download_url: string | null;
  renewal_url: string | null;
}

/**
 * Claims order `$1`'s pending email for one attempt of `$2` ms: counts the
 * attempt and holds the claim on PostgreSQL's clock. No row when the email is
 * not pending (sent, failed, off) or another attempt holds it.
 */
export const CLAIM_ORDER_EMAIL = `WITH claimed AS (
    UPDATE store_orders SET email_attempts = email_attempts + 1,
      email_claimed_until = now() + make_interval(secs => $2::double precision / 1000)
    WHERE id = $1 AND email_status = 'pending' AND buyer_email IS NOT NULL
      AND (email_claimed_until IS NULL OR email_claimed_until < now())
    RETURNING id, app_id, product_id, product_name, status, buyer_email, email_attempts)
  SELECT o.id, o.email_attempts AS attempts, o.buyer_email, a.name AS app_name, o.product_name, o.status,
    ${ORDER_KEYS_JSON} AS keys, a.update_url AS download_url, p.renewal_url
  FROM claimed o JOIN apps a ON a.id = o.app_id LEFT JOIN store_products p ON p.id = o.product_id`;

/** The attempt's outcome: `$2` sent, failed or (to retry) pending, with `$3` the error; the claim ends. */
export const SETTLE_ORDER_EMAIL = `UPDATE store_orders SET email_status = $2, email_error = $3,
    email_claimed_until = NULL
  WHERE id = $1 AND email_status = 'pending'`;

/**
 * Orders whose email is pending, unclaimed, and older than `$1` ms (fresh ones
 * are queued by the API after commit), after id `$2`, `$3` at most: the
 * sweeper queues them again (store_orders_email_due_idx).
 */
export const overdueOrderEmails = (limit: number) => `SELECT id FROM store_orders
  WHERE email_status = 'pending' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
    AND (email_claimed_until IS NULL OR email_claimed_until < now())
    AND ($2::uuid IS NULL OR id > $2)
  ORDER BY id LIMIT ${Number(limit)}`;

/** The console's resend: the email of order `$1` pending again with its attempts anew, unless one is in flight. */
export const RESEND_ORDER_EMAIL = `UPDATE store_orders SET email_status = 'pending', email_error = NULL, email_attempts = 0
  WHERE id = $1 AND buyer_email IS NOT NULL
    AND NOT (email_status = 'pending' AND email_claimed_until IS NOT NULL AND email_claimed_until > now())
  RETURNING id`;
