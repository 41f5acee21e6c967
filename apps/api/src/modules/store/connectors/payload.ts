import { createHmac, timingSafeEqual } from 'node:crypto';
import { StoreLimits } from '@latchkey/contracts';
import { type NormalizedStoreEvent, StoreEventUnreadable } from './store-connector.js';

/** Reading stores' JSON payloads without trusting their shape: every helper checks the type it returns. */
export type Fields = Record<string, unknown>;

const ID_MAX = StoreLimits.externalIdMax;
/** Units one event may name: no more than the keys one order may make. */
const QUANTITY_MAX = StoreLimits.keysPerOrderMax;
const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,200}$/;

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON object a verified body holds; anything else is unreadable. */
export function jsonObject(rawBody: Buffer, store: string): Fields {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new StoreEventUnreadable('The body is not JSON');
  }
  if (!isObject(body)) throw new StoreEventUnreadable(`The body is not a ${store} event`);
  return body;
}

export function object(parent: Fields, field: string): Fields {
  const value = parent[field];
  return isObject(value) ? value : {};
}

export function objects(parent: Fields, field: string): Fields[] {
  const value = parent[field];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A non-empty string, or a number written as one (stores send ids as either). */
export function text(parent: Fields, field: string): string | null {
  const value = parent[field];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An id: a string or integer of at most 255 characters. */
export function id(parent: Fields, field: string): string | null {
  const value = text(parent, field);
  if (value !== null && value.length > ID_MAX) throw new StoreEventUnreadable(`${field} is longer than ${ID_MAX}`);
  return value;
}

export function requiredId(parent: Fields, field: string, where: string): string {
  const value = id(parent, field);
  if (value === null) throw new StoreEventUnreadable(`${where} has no ${field}`);
  return value;
}

/** A whole number of units, 1 when the store leaves it out. */
export function quantity(value: unknown): number {
  if (value === undefined || value === null) return 1;
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  if (!Number.isSafeInteger(n) || (n as number) < 1 || (n as number) > QUANTITY_MAX) {
    throw new StoreEventUnreadable(`quantity must be an integer between 1 and ${QUANTITY_MAX}`);
  }
  return n as number;
}

/** An amount already in minor units, as an integer or a string of digits (Paddle, SellApp). */
export function minorAmount(value: unknown): number | null {
  const amount = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  return amount >= StoreLimits.amountMin && amount <= StoreLimits.amountMax ? amount : null;
}

/** An amount in major units (9.99) turned into minor units by the currency's ISO 4217 exponent. */
export function majorToMinor(value: unknown, currency: string | null): number | null {
  const amount = typeof value === 'string' && /^\d{1,13}(\.\d{1,8})?$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || !currency) return null;
  return minorAmount(Math.round(amount * 10 ** currencyExponent(currency)));
}

function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A three-letter currency code in upper case, or null. */
export function currency(parent: Fields, field: string): string | null {
  const value = text(parent, field);
  return value !== null && /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null;
}

/** An email address, or null: a missing or odd one only means no order email. */
export function email(value: unknown): string | null {
  return typeof value === 'string' && EMAIL.test(value) ? value : null;
}

/** An ISO 8601 time, or null. */
export function isoTime(parent: Fields, field: string): Date | null {
  const value = parent[field];
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}[T ]/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

export function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

/** An event that changes nothing, with its ids filled in by the caller. */
export function blankEvent(eventId: string): NormalizedStoreEvent {
  return {
    eventId: eventId.slice(0, ID_MAX),
    kind: 'ignored',
    orderId: '',
    relatedIds: [],
    subscriptionId: null,
    productId: null,
    quantity: 1,
    amount: null,
    currency: null,
    buyerEmail: null,
    periodEndsAt: null,
    reason: null,
  };
}

/** Why an event type is ignored, with the type cut to a readable length. */
export function notActedOn(type: string): string {
  return `Latchkey does not act on ${type.slice(0, 80)}`;
}

/**
 * Whether a hex signature a store sent is the HMAC of `parts` with `secret`:
 * compared timing-safe, after a length check (a malformed or short one never matches).
 */
export function hexHmacMatches(
  algorithm: 'sha256' | 'sha512',
  secret: string,
  parts: readonly (Buffer | string)[],
  presented: string,
): boolean {
  const hmac = createHmac(algorithm, secret);
  for (const part of parts) hmac.update(part);
  const expected = hmac.digest();
  const candidate = presented.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(candidate) || candidate.length !== expected.length * 2) return false;
  return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
}

/** The hex HMAC a store sends, for fixtures and for vendors' own tests. */
export function hexHmac(algorithm: 'sha256' | 'sha512', secret: string, parts: readonly (Buffer | string)[]): string {
  const hmac = createHmac(algorithm, secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest('hex');
}

/** The keys as dynamic-delivery stores show them to the buyer: one per line. */
export function textKeysAnswer(keys: readonly string[]): { contentType: string; body: string } {
  return { contentType: 'text/plain; charset=utf-8', body: keys.join('\n') };
}
