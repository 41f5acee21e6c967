import { StoreEventUnreadable } from './store-connector.js';

/*
 * Reading fields of Stripe's objects as webhooks carry them: ids that may be
 * expanded objects, unix seconds, lists with `data`.
 */

export type Fields = Record<string, unknown>;

/** Metadata a vendor sets on a Payment Link, Checkout Session or price to name the mapping, and the quantity. */
export const STRIPE_PRODUCT_METADATA = 'latchkey_product';
export const STRIPE_QUANTITY_METADATA = 'latchkey_quantity';

export function lineItems(invoice: Fields): Fields[] {
  const lines = invoice['lines'];
  if (!isObject(lines) || !Array.isArray(lines['data'])) return [];
  return (lines['data'] as unknown[]).filter(isObject);
}

export function quantityOf(value: string | null): number {
  if (value === null) return 1;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1) {
    throw new StoreEventUnreadable(`metadata.${STRIPE_QUANTITY_METADATA} must be a positive integer`);
  }
  return Number(value);
}

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

export function text(object: Fields, field: string): string | null {
  const value = object[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function required(object: Fields, field: string): string {
  const value = text(object, field);
  if (!value) throw new StoreEventUnreadable(`The event's object has no ${field}`);
  return value;
}

/** An id, whether the field holds it or an expanded object with it. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  return isObject(value) ? text(value, 'id') : null;
}

export function integer(object: Fields, field: string): number | null {
  const value = object[field];
  return Number.isSafeInteger(value) ? (value as number) : null;
}

export function seconds(object: Fields, field: string): Date | null {
  const value = integer(object, field);
  return value === null ? null : new Date(value * 1000);
}
