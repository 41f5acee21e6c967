import { createHmac, timingSafeEqual } from 'node:crypto';
import { STORE_EVENT_KINDS, StoreLimits, type StoreEventKind } from '@latchkey/contracts';
import { headerText, jsonKeysAnswer } from './json-answer.js';
import {
  type NormalizedStoreEvent,
  type StoreConnector,
  StoreEventUnreadable,
  type StoreRequest,
  StoreSignatureError,
} from './store-connector.js';

/** The header a generic event is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256>` (several `v1` while rotating). */
export const GENERIC_SIGNATURE_HEADER = 'latchkey-signature';
/** How far a signature's timestamp may be from the receiver's clock, either way. */
export const GENERIC_TOLERANCE_SECONDS = 300;

/** The signature of `body` sent at `timestamp` (unix seconds): hex HMAC-SHA256 of `timestamp + "." + body`, keyed with the secret's UTF-8 bytes. */
export function genericSignature(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** The whole header value for `body`, as a sender builds it. */
export function genericSignatureHeader(secret: string, body: Buffer | string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${genericSignature(secret, timestamp, body)}`;
}

const KINDS = STORE_EVENT_KINDS.filter((kind): kind is Exclude<StoreEventKind, 'ignored'> => kind !== 'ignored');

/**
 * Latchkey's own signed webhook for any other store or a vendor's checkout
 * (docs/selling.md, "Any other store"). The body is JSON:
 * `{ id, type, orderId, productId?, quantity?, amount?, currency?, email?,
 * subscriptionId?, periodEnd?, reason? }`.
 */
export class GenericConnector implements StoreConnector {
  readonly provider = 'generic' as const;

  verify(request: StoreRequest, secret: string): void {
    const header = headerText(request.headers, GENERIC_SIGNATURE_HEADER);
    const parts = header.split(',').map((part) => part.trim());
    const timestamps = parts.filter((p) => p.startsWith('t=')).map((p) => p.slice(2));
    const signatures = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
    if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0]!) || signatures.length === 0) {
      throw new StoreSignatureError(`The ${GENERIC_SIGNATURE_HEADER} header is missing or malformed`);
    }
    const timestamp = Number(timestamps[0]);
    if (Math.abs(Math.floor(request.receivedAt.getTime() / 1000) - timestamp) > GENERIC_TOLERANCE_SECONDS) {
      throw new StoreSignatureError('The signature timestamp is outside the tolerance');
    }
    const expected = Buffer.from(genericSignature(secret, timestamp, request.rawBody), 'hex');
    const matches = signatures.some((candidate) => {
      const presented = Buffer.from(candidate, 'hex');
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    });
    if (!matches) throw new StoreSignatureError('No signature matches the body');
  }

  parse(request: StoreRequest): NormalizedStoreEvent {
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      throw new StoreEventUnreadable('The body is not JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new StoreEventUnreadable('The body is not a JSON object');
    }
    const fields = body as Record<string, unknown>;
    const type = fields['type'];
    if (typeof type !== 'string' || !(KINDS as readonly string[]).includes(type)) {
      throw new StoreEventUnreadable(`type must be one of ${KINDS.join(', ')}`);
    }
    const kind = type as (typeof KINDS)[number];
    const subscriptionId = optionalId(fields, 'subscriptionId');
    const periodEndsAt = optionalTime(fields, 'periodEnd');
    if (kind === 'renewal' && !periodEndsAt) throw new StoreEventUnreadable('A renewal needs periodEnd');
    const productId = optionalId(fields, 'productId');
    if (kind === 'purchase' && !productId) throw new StoreEventUnreadable('A purchase needs productId');
    return {
      eventId: requiredId(fields, 'id'),
      kind,
      orderId: requiredId(fields, 'orderId'),
      relatedIds: subscriptionId ? [subscriptionId] : [],
      subscriptionId,
      productId,
      quantity: optionalInteger(fields, 'quantity', 1, StoreLimits.keysPerOrderMax) ?? 1,
      amount: optionalInteger(fields, 'amount', 0, StoreLimits.amountMax),
      currency: optionalCurrency(fields),
      buyerEmail: optionalEmail(fields),
      periodEndsAt,
      reason: optionalText(fields, 'reason', 500),
    };
  }

  answer(keys: readonly string[]) {
    return jsonKeysAnswer(keys);
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function optionalText(fields: Record<string, unknown>, name: string, max: number): string | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) {
    throw new StoreEventUnreadable(`${name} must be null or a string of 1-${max} characters`);
  }
  return value;
}

function optionalId(fields: Record<string, unknown>, name: string): string | null {
  return optionalText(fields, name, StoreLimits.externalIdMax);
}

function requiredId(fields: Record<string, unknown>, name: string): string {
  const value = optionalId(fields, name);
  if (value === null) throw new StoreEventUnreadable(`${name} is required`);
  return value;
}

function optionalInteger(fields: Record<string, unknown>, name: string, min: number, max: number): number | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    throw new StoreEventUnreadable(`${name} must be null or an integer between ${min} and ${max}`);
  }
  return value as number;
}

function optionalCurrency(fields: Record<string, unknown>): string | null {
  const value = optionalText(fields, 'currency', 3);
  if (value !== null && !/^[A-Za-z]{3}$/.test(value)) {
    throw new StoreEventUnreadable('currency must be null or a three-letter ISO 4217 code');
  }
  return value?.toUpperCase() ?? null;
}

function optionalEmail(fields: Record<string, unknown>): string | null {
  const value = optionalText(fields, 'email', 320);
  if (value !== null && !/^[^\s@]+@[^\s@]+$/.test(value))
    throw new StoreEventUnreadable('email must be an email address');
  return value;
}

function optionalTime(fields: Record<string, unknown>, name: string): Date | null {
  const value = optionalText(fields, name, 40);
  if (value === null) return null;
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) {
    throw new StoreEventUnreadable(`${name} must be null or an ISO 8601 timestamp`);
  }
  return new Date(time);
}
