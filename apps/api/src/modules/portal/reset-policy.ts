import type { PortalHwidResetState } from '@latchkey/contracts';
import type { PortalSettingsRow, ResetCountRow } from './portal.queries.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When the user's next reset is possible under the owner's policy, from the
 * resets counted in the period (RESET_COUNTS): once one of the period's
 * resets leaves the period when all are used, and once the cooldown since the
 * latest has passed. Null when resets are off.
 */
export function nextResetAt(
  portal: PortalSettingsRow,
  count: ResetCountRow | undefined,
  now = new Date(),
): Date | null {
  if (portal.hwid_reset_mode === 'off') return null;
  let next = (count?.now ?? now).getTime();
  if (count && count.used >= portal.hwid_resets_per_period && count.oldest) {
    next = Math.max(next, count.oldest.getTime() + portal.hwid_reset_period_days * DAY_MS);
  }
  if (count?.latest && portal.hwid_reset_cooldown_hours > 0) {
    next = Math.max(next, count.latest.getTime() + portal.hwid_reset_cooldown_hours * HOUR_MS);
  }
  return new Date(next);
}

/** Whether the policy refuses a reset now (the counts' own clock): all the period's resets used, or in the cooldown. */
export function resetRefusal(portal: PortalSettingsRow, count: ResetCountRow): boolean {
  if (portal.hwid_reset_mode === 'off') return true;
  if (count.used >= portal.hwid_resets_per_period) return true;
  const cooldownMs = portal.hwid_reset_cooldown_hours * HOUR_MS;
  return cooldownMs > 0 && count.latest !== null && count.latest.getTime() + cooldownMs > count.now.getTime();
}

export function hwidResetState(portal: PortalSettingsRow, count: ResetCountRow | undefined): PortalHwidResetState {
  return {
    mode: portal.hwid_reset_mode,
    used: count?.used ?? 0,
    perPeriod: portal.hwid_resets_per_period,
    periodDays: portal.hwid_reset_period_days,
    cooldownHours: portal.hwid_reset_cooldown_hours,
    endSessions: portal.hwid_reset_ends_sessions,
    nextAt: nextResetAt(portal, count)?.toISOString() ?? null,
  };
}
