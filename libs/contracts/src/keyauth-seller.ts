/*
 * KeyAuth's seller API as Latchkey serves it (`/api/seller/`, issue 40):
 * which calls are served, their words in the console's Logs, and the seller
 * key the console shows. docs/migrating-from-keyauth.md has the table of
 * served and refused calls and why.
 */

/** The seller API's calls Latchkey serves, with the label the console's Logs show for each. */
export const SELLER_CALLS = {
  add: 'create keys',
  verify: 'verify a key',
  info: 'key details',
  del: 'delete a key',
  ban: 'ban a key',
  unban: 'unban a key',
  adduser: 'create a user',
  resetuser: "reset a user's HWID",
  verifyuser: 'verify a user',
  banuser: 'ban a user',
  unbanuser: 'unban a user',
  deluser: 'delete a user',
  extend: 'add time to a user',
  fetchallkeys: 'fetch all keys',
  fetchallusers: 'fetch all users',
  setvar: 'set a user variable',
  getvar: 'read a user variable',
  retrvvar: 'read a variable',
  editvar: 'change a variable',
  stats: 'app stats',
} as const;
export type SellerCall = keyof typeof SELLER_CALLS;

/** The audit entry type of a seller call: `seller.<call>`, or `seller.refused` for a call that was not served. */
export const SELLER_AUDIT_PREFIX = 'seller' as const;

/** The readable label of an audit entry type of the seller API, or null for another type. */
export function sellerAuditLabel(type: string): string | null {
  if (!type.startsWith(`${SELLER_AUDIT_PREFIX}.`)) return null;
  const call = type.slice(SELLER_AUDIT_PREFIX.length + 1);
  const label = (SELLER_CALLS as Record<string, string>)[call];
  return `Seller API: ${label ?? 'refused call'}`;
}

/** The actor every seller call is recorded under in the audit log. */
export const SELLER_ACTOR = 'seller API';

export const SellerLimits = {
  /** characters of a seller key: 32, as KeyAuth's, from A-Z, a-z, 0-9 (about 190 bits) */
  keyLength: 32,
  /** keys one `add` makes at most (KeyAuth's own cap is 100 per call) */
  amountMax: 100,
  /** the longest mask: a key is at most 64 characters */
  maskMax: 64,
  /** the fewest random characters a mask must have, so a key cannot be guessed */
  maskRandomMin: 8,
  /** the most keys or users `fetchallkeys` and `fetchallusers` answer, newest first */
  fetchMax: 10_000,
  /** the longest value of any field of a call */
  fieldMax: 2_000,
  /** `expiry` and `extend` days at most (about 27 years: KeyAuth's lifetime) */
  daysMax: 10_000,
} as const;

/** A seller key's state as the console reads it; the key itself is answered once, by create or rotate. */
export interface SellerKeyStatus {
  exists: boolean;
  createdAt: string | null;
  lastUsedAt: string | null;
  /** where tools send calls: `<base>/api/seller/` */
  endpoint: string;
}

/** The answer of create or rotate: the only time the key is shown. */
export interface SellerKeyCreated extends SellerKeyStatus {
  sellerKey: string;
}
