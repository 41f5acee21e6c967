import type { DeliveredEventName, EventName, WebhookDeliveryStatus } from '@latchkey/contracts';
import { appRecordsList, type ListStatement } from '../../common/sql.js';

/*
 * Every statement of the webhooks module, which owns `webhooks`,
 * `webhook_deliveries` and `webhook_delivery_attempts` (docs/data-access.md),
 * and the rows they read (snake_case, as PostgreSQL answers). Events insert
 * an event's deliveries with the event (events.queries.ts).
 */

/** A `webhooks` row as WEBHOOK_COLUMNS reads it. */
export interface WebhookRow {
  id: string;
  app_id: string;
  url: string;
  events: EventName[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
}

const WEBHOOK_COLUMNS = 'id, app_id, url, events, enabled, disabled_reason, created_at';

/** A new enabled webhook with its sealed secret `$4`. */
export const INSERT_WEBHOOK = `INSERT INTO webhooks (app_id, url, events, secret_sealed) VALUES ($1, $2, $3, $4)
  RETURNING ${WEBHOOK_COLUMNS}`;

/** The app `$1`'s webhooks, newest first. */
export const LIST_WEBHOOKS = appRecordsList('webhooks', WEBHOOK_COLUMNS, 'created_at DESC, id DESC');

export const GET_WEBHOOK = `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND app_id = $2`;

/** Sets the URL `$2` and events `$3` (null: unchanged); `$4` turns it back on, clearing why it was off. */
export const UPDATE_WEBHOOK = `UPDATE webhooks SET url = COALESCE($2, url), events = COALESCE($3::text[], events),
    enabled = enabled OR $4, disabled_reason = CASE WHEN $4 THEN NULL ELSE disabled_reason END,
    failing_since = CASE WHEN $4 THEN NULL ELSE failing_since END, updated_at = now()
  WHERE id = $1`;

/** Deletes the webhook; its deliveries go with it. */
export const DELETE_WEBHOOK = 'DELETE FROM webhooks WHERE id = $1';

/** A delivery of the event `$1` to the webhook `$2` only (a `test`). */
export const INSERT_DELIVERY = 'INSERT INTO webhook_deliveries (event_id, webhook_id) VALUES ($1, $2) RETURNING id';

export const DISABLE_WEBHOOK =
  'UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1';

/** Fails the webhook's pending deliveries with the error `$2`, but `$3`. */
export const FAIL_PENDING_DELIVERIES = `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL
  WHERE webhook_id = $1 AND status = 'pending' AND id IS DISTINCT FROM $3`;

/** A delivery as the owner lists it, with its event's name. */
export interface DeliveryRow {
  id: string;
  event: DeliveredEventName;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
}

/** One attempt of a delivery. */
export interface AttemptRow {
  delivery_id: string;
  number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
}

/** A pending delivery as the worker sends it: its webhook's URL and sealed secret, and its event. */
export interface OutgoingDeliveryRow {
  id: string;
  webhook_id: string;
  url: string;
  secret_sealed: Buffer;
  event: DeliveredEventName;
  data: Record<string, unknown>;
  occurred_at: Date;
}

/** A delivery as the worker reads it under its row lock, before recording an attempt. */
export interface LockedDeliveryRow {
  attempts: number;
  attempt_limit: number | null;
  status: WebhookDeliveryStatus;
  webhook_enabled: boolean;
}

const DELIVERY_COLUMNS = `d.id, e.name AS event, d.status, d.attempts, d.last_status_code, d.last_error,
  d.created_at, d.delivered_at, d.next_attempt_at`;

/** The webhook `$1`'s deliveries (of the status `$2` when `byStatus`), newest first. */
export function listDeliveries(byStatus: boolean): ListStatement {
  const filter = byStatus ? 'AND d.status = $2' : '';
  return {
    select: DELIVERY_COLUMNS,
    from: `webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.webhook_id = $1 ${filter}`,
    countFrom: `webhook_deliveries d WHERE d.webhook_id = $1 ${filter}`,
    orderBy: 'd.created_at DESC, d.id DESC',
  };
}

export const GET_DELIVERY = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = $1`;

export const ATTEMPTS_OF = `SELECT delivery_id, number, started_at, duration_ms, status_code, error, response_body
  FROM webhook_delivery_attempts WHERE delivery_id = ANY ($1::uuid[]) ORDER BY delivery_id, number`;

/**
 * Sends the delivery `$1` of the webhook `$2` again: one more attempt than
 * made for a settled one; answers how many attempts are left (`$3`, the
 * scheduled attempts, when it has no limit of its own).
 */
export const RETRY_DELIVERY = `WITH retried AS (
    UPDATE webhook_deliveries
       SET attempt_limit = CASE WHEN status = 'pending' THEN attempt_limit ELSE attempts + 1 END,
           status = 'pending', next_attempt_at = now(), delivered_at = NULL
     WHERE id = $1 AND webhook_id = $2
    RETURNING attempt_limit, attempts)
  SELECT COALESCE(attempt_limit, $3) - attempts AS remaining FROM retried`;

/**
 * Claims the pending delivery `$1` for `$2` ms and reads it as the worker
 * sends it. No row when it is gone, settled, or claimed by an attempt still
 * in flight (a job queued again after Redis lost the first one).
 */
export const CLAIM_OUTGOING_DELIVERY = `WITH claimed AS (
    UPDATE webhook_deliveries SET claimed_until = now() + make_interval(secs => $2::float8 / 1000)
     WHERE id = $1 AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < now())
    RETURNING id, webhook_id, event_id)
  SELECT d.id, d.webhook_id, w.url, w.secret_sealed, e.name AS event, e.data, e.created_at AS occurred_at
  FROM claimed d
  JOIN webhooks w ON w.id = d.webhook_id
  JOIN events e ON e.id = d.event_id`;

export const LOCK_DELIVERY = `SELECT d.attempts, d.attempt_limit, d.status, w.enabled AS webhook_enabled
  FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
  WHERE d.id = $1 FOR UPDATE OF d`;

export const INSERT_ATTEMPT = `INSERT INTO webhook_delivery_attempts
    (delivery_id, number, started_at, duration_ms, status_code, error, response_body)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`;

export const COUNT_ATTEMPT = 'UPDATE webhook_deliveries SET attempts = $2, claimed_until = NULL WHERE id = $1';

/** An attempt's outcome: status `$3`; a pending delivery is tried again in `$6` ms. */
export const SETTLE_ATTEMPT = `UPDATE webhook_deliveries
    SET attempts = $2, status = $3, last_status_code = $4, last_error = $5, claimed_until = NULL,
        next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $6::float8 / 1000) END,
        delivered_at = CASE WHEN $3 = 'succeeded' THEN now() END
  WHERE id = $1`;

export const WEBHOOK_RECOVERED = 'UPDATE webhooks SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL';

/** Marks the webhook failing (since its first failure); whether that was `$2` days ago or more. */
export const WEBHOOK_FAILING = `WITH marked AS (
    UPDATE webhooks SET failing_since = COALESCE(failing_since, now()) WHERE id = $1 RETURNING failing_since)
  SELECT failing_since <= now() - make_interval(days => $2) AS expired FROM marked`;

/**
 * Pending deliveries overdue by `$1` ms after the id `$3`, `batch` at a time,
 * with their attempts left; one claimed by an attempt in flight is not overdue.
 */
export function overdueDeliveries(batch: number): string {
  return `SELECT id, COALESCE(attempt_limit, $2) - attempts AS remaining
    FROM webhook_deliveries
   WHERE status = 'pending'
     AND next_attempt_at < now() - make_interval(secs => $1::float8 / 1000)
     AND (claimed_until IS NULL OR claimed_until < now())
     AND ($3::uuid IS NULL OR id > $3::uuid)
   ORDER BY id
   LIMIT ${batch}`;
}

/**
 * Seconds the longest-waiting due delivery has waited past its due time (0 when
 * none is due), for the metrics: the minimum of the partial index
 * webhook_deliveries_due_idx, one index entry read whatever the backlog.
 */
export const OLDEST_DUE_DELIVERY_WAIT = `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS seconds
    FROM webhook_deliveries
   WHERE status = 'pending' AND next_attempt_at <= now()`;
