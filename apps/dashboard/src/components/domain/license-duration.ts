// A key's duration in words, with the time bulk actions added to it: "30 days
// + 7 days". Shared by the key generation form, the licenses table and the
// key's edit dialog.
import type { DurationType, License } from '@latchkey/contracts';
import { plural } from '@/lib/format';

export const DURATION_LABELS: Record<DurationType, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '365d': '365 days',
  lifetime: 'Lifetime',
};

/**
 * "30 days", or "30 days + 7 days" for a key a bulk action gave time
 * (`extraDays`, counted on top of the duration at first use).
 */
export function durationText({ durationType, extraDays }: Pick<License, 'durationType' | 'extraDays'>): string {
  const duration = DURATION_LABELS[durationType];
  return extraDays > 0 ? `${duration} + ${plural(extraDays, 'day')}` : duration;
}
