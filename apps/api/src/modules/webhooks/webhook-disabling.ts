import type { EntityManager } from 'typeorm';

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
  await manager.query(`UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1`, [
    webhookId,
    reason,
  ]);
  await manager.query(
    `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL
      WHERE webhook_id = $1 AND status = 'pending' AND id IS DISTINCT FROM $3`,
    [webhookId, `Webhook disabled: ${reason}`, exceptDeliveryId],
  );
}
