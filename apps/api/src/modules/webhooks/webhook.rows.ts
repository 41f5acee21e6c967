import type { DeliveredEventName, WebhookDeliveryStatus } from '@latchkey/contracts';

/* Rows of the webhooks tables as the module's SQL reads them (snake_case, as PostgreSQL answers). */

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

/** A delivery as the worker sends it: its webhook's URL and sealed secret, and its event. */
export interface OutgoingDeliveryRow {
  id: string;
  status: WebhookDeliveryStatus;
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
