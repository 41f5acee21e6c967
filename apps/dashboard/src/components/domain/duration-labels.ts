import type { DurationType } from '@latchkey/contracts';

/** A key's duration in the owner's words (the generate form, the Logs page). */
export const DURATION_LABELS: Record<DurationType, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '365d': '365 days',
  lifetime: 'Lifetime',
};
