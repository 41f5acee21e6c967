import { ClientLimits, type DurationType, LicenseLimits } from '@latchkey/contracts';

/*
 * KeyAuth's field values as Latchkey's: text, dates, bans, password hashes,
 * HWIDs and durations, each read as KeyAuth's exports write them.
 */

export const DAY_SECONDS = 86_400;
/** KeyAuth's "lifetime" is a duration of thousands of days (about 27 years in its cloud): ten years or more is lifetime here. */
const LIFETIME_DAYS = 3650;
/** Durations Latchkey names exactly; any other whole number of days is `1d` plus extra days. */
const DAYS_OF_TYPE: Array<[DurationType, number]> = [
  ['365d', 365],
  ['90d', 90],
  ['30d', 30],
  ['7d', 7],
  ['1d', 1],
];
/** A bcrypt hash of a cost bcrypt computes (4-31). */
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;
/** KeyAuth's Windows clients send the user's SID as HWID, and it appends each new one to the same field. */
const APPENDED_SID = /(?=S-1-\d)/;

/** A field as text: strings trimmed, numbers written out; empty, null and other types are absent. */
export function textOf(field: unknown): string | null {
  if (typeof field === 'number' && Number.isFinite(field)) return String(field);
  if (typeof field !== 'string') return null;
  const trimmed = field.trim();
  return trimmed === '' ? null : trimmed;
}

/** Unix seconds (KeyAuth stores them as text or numbers) as a date; anything else is absent. */
export function unixDate(field: unknown): Date | null {
  const text = textOf(field);
  if (text === null || !/^\d{1,12}$/.test(text)) return null;
  return new Date(Number(text) * 1000);
}

/** KeyAuth's `banned`: the ban reason, or null; a boolean or 0/1 from other dumps. */
export function banOf(field: unknown): { banned: boolean; reason: string | null } {
  if (field === true || field === 1 || field === '1') return { banned: true, reason: null };
  const text = typeof field === 'string' ? textOf(field) : null;
  if (text === null || text === '0') return { banned: false, reason: null };
  return { banned: true, reason: text.slice(0, LicenseLimits.banReasonMax) };
}

/** `$2y$` is PHP's name for the bcrypt Node's library writes `$2b$`: the same algorithm, so the hash is renamed, not redone. */
export function importedPasswordHash(password: string | null): string | null | undefined {
  if (password === null) return null;
  if (!BCRYPT.test(password)) return undefined;
  return password.startsWith('$2y$') ? `$2b$${password.slice(4)}` : password;
}

/**
 * KeyAuth's HWID column as Latchkey's one HWID lock: one ID is kept as the
 * lock; several appended SIDs (KeyAuth's multi-HWID apps) leave the user
 * unlocked with that many devices allowed, so none of the user's machines is
 * locked out. A value longer than a client may send is not kept.
 */
export function importedHwid(field: string | null): { hwid: string | null; count: number } {
  if (field === null) return { hwid: null, count: 0 };
  const ids = field.split(APPENDED_SID).filter((id) => id !== '');
  if (ids.length > 1) return { hwid: null, count: Math.min(ids.length, LicenseLimits.maxDevicesMax) };
  return { hwid: field.length <= ClientLimits.hwidMax ? field : null, count: 1 };
}

/** A KeyAuth duration in seconds as a Latchkey duration type plus extra days; null when it is not a positive number. */
export function durationOf(seconds: number): { type: DurationType; extraDays: number } | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds <= 3600) return { type: '1h', extraDays: 0 };
  const days = Math.ceil(seconds / DAY_SECONDS - 1e-9);
  if (days >= LIFETIME_DAYS) return { type: 'lifetime', extraDays: 0 };
  const exact = DAYS_OF_TYPE.find(([, length]) => length === days);
  return exact ? { type: exact[0], extraDays: 0 } : { type: '1d', extraDays: days - 1 };
}
