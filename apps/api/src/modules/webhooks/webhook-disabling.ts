import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../common/sql.js';
import { DISABLE_WEBHOOK, FAIL_PENDING_DELIVERIES } from './webhooks.queries.js';

/** Why a webhook was turned off, as `disabledReason` shows it. */
export const DisabledReason = {
  byOwner: 'Disabled by the owner',
  gone: (status: number) => `The receiver answered ${status}: the endpoint is gone`,
  failingFor5Days: 'Every delivery failed for 5 days',
} as const;

/** How long a webhook may fail without a single success before it is disabled. */
export const FAILING_DAYS_BEFORE_DISABLE = 5;

/**
 * Turns a webhook off and fails its pending deliveries (other than
 * `exceptDeliveryId`, which the caller settles itself), so no automatic
 * attempt reaches it any more. A test or a manual retry still can.
 */
export async function disableWebhook(
  manager: EntityManager,
  webhookId: string,
  reason: string,
  exceptDeliveryId: string | null = null,
): Promise<void> {
  await sqlRows(manager, DISABLE_WEBHOOK, [webhookId, reason]);
  await sqlRows(manager, FAIL_PENDING_DELIVERIES, [webhookId, `Webhook disabled: ${reason}`, exceptDeliveryId]);
}
