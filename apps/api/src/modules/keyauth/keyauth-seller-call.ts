import { DURATION_MS, type DurationType, SellerLimits } from '@latchkey/contracts';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import { SellerRefusal, SellerText } from './keyauth-seller-wire.js';

/* One seller call, its app found by its seller key, and the helpers every served type reads it with. */

export interface SellerCall {
  appId: string;
  type: string;
  /** the query string and a form body merged, trimmed; empty fields absent */
  fields: Map<string, string>;
  /** a JSON body, as a shop's dynamic delivery posts its order */
  json: unknown;
  /** who the audit log says made each change: the seller API, from the caller's IP */
  author: ChangeAuthor;
}

/** A field the call must carry, or KeyAuth's `<field> not set`. */
export function required(call: SellerCall, field: string): string {
  const value = call.fields.get(field);
  if (value === undefined) throw new SellerRefusal(SellerText.missing(field));
  return value;
}

/** KeyAuth's yes of `userToo` and `activeOnly`. */
export function isYes(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

/** A number of days in (0, SellerLimits.daysMax], as KeyAuth's `expiry` (fractions allowed). */
export function daysOf(value: string): number {
  const days = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(days > 0 && days <= SellerLimits.daysMax)) {
    throw new SellerRefusal(SellerText.expiryInvalid);
  }
  return days;
}

/** KeyAuth's lifetime: 10,000 days, as its answers count it. */
const LIFETIME_SECONDS = 10_000 * 86_400;

/** A key's length in seconds as KeyAuth answers `expires` and `duration`: its type plus its extra days. */
export function durationSeconds(type: string, extraDays: number): number {
  const ms = DURATION_MS[type as DurationType];
  return ms === null || ms === undefined ? LIFETIME_SECONDS : ms / 1000 + extraDays * 86_400;
}

/** Seconds since the epoch as the string KeyAuth answers dates with; '' for none. */
export function unixText(date: Date | null): string {
  return date ? String(Math.floor(date.getTime() / 1000)) : '';
}

/** Latchkey's key statuses in KeyAuth's words. */
export const KEY_STATUS_TEXT: Record<string, string> = {
  UNUSED: 'Not Used',
  USED: 'Used',
  BANNED: 'Banned',
  EXPIRED: 'Expired',
};

/** Who KeyAuth says made a key: the account's email, or `SellerAPI` for the seller API's own keys. */
export function madeBy(email: string | null): string {
  return email ?? 'SellerAPI';
}
