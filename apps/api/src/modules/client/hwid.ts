/**
 * The HWID rules of the interface and contract:
 * - with the app's `hwidLock` off, HWIDs are neither stored nor checked;
 * - a stored HWID must be sent again, identically (none sent is a mismatch);
 * - with none stored, a sent HWID is stored (the account locks to it), and a
 *   user who never sends one stays unlocked.
 */
export function hwidDecision({
  hwidLock,
  stored,
  sent,
}: {
  /** the app's setting */
  hwidLock: boolean;
  /** the user's bound HWID, if any */
  stored: string | null;
  /** the HWID the call presents */
  sent: string | null | undefined;
}): { allowed: boolean; store: boolean } {
  if (!hwidLock) return { allowed: true, store: false };
  if (stored !== null) return { allowed: sent === stored, store: false };
  return { allowed: true, store: sent !== undefined && sent !== null };
}
