import { randomBytes, type KeyObject } from 'node:crypto';
import { LatchkeyError } from './errors.js';
import { SIGNATURE_HEADER, SIGNATURE_TIMESTAMP_HEADER, type ClientEnvelope } from './generated/client.js';
import { verifySignature } from './keys.js';

/** A fresh request nonce: 16 random bytes, base64url (22 characters of `A-Za-z0-9_-`). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export interface VerifyOptions {
  publicKey: KeyObject;
  maxSkewSeconds: number;
  /** milliseconds since the epoch */
  now: () => number;
}

/** What `send` answers: the envelope (its echoed nonce checked and removed), status and headers. */
export interface ClientResponse<T = Record<string, unknown>> {
  status: number;
  body: ClientEnvelope<T>;
  /** a header's value, by lowercase name; null when absent */
  header(name: string): string | null;
  /** true when the answer was signed (and then it verified); false for an unsigned answer */
  verified: boolean;
}

/**
 * Checks one answer of `POST /v1`, in this order: signature over the raw
 * bytes, JSON shape, timestamp within the allowed skew, the nonce echoed.
 * An unsigned answer is returned with `verified: false` (the service leaves
 * answers for an unknown appId unsigned); callers that need trust refuse it.
 */
export function checkAnswer<T>(
  status: number,
  header: (name: string) => string | null,
  bytes: Buffer,
  nonce: string,
  options: VerifyOptions,
): ClientResponse<T> {
  const signature = header(SIGNATURE_HEADER);
  const timestamp = header(SIGNATURE_TIMESTAMP_HEADER);
  const signed = signature !== null || timestamp !== null;
  if (signed) {
    if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) {
      throw new LatchkeyError('SIGNATURE_INVALID', 'Answer carries malformed signature headers', status);
    }
    if (!verifySignature(options.publicKey, timestamp, bytes, signature)) {
      throw new LatchkeyError(
        'SIGNATURE_INVALID',
        "Answer's signature does not verify with the app's public key",
        status,
      );
    }
  }
  const parsed = parseEnvelope(bytes, status);
  if (signed) {
    const skew = Math.abs(options.now() / 1000 - Number(timestamp));
    if (skew > options.maxSkewSeconds) {
      throw new LatchkeyError(
        'STALE_RESPONSE',
        `Answer was signed ${Math.round(skew)} s away from this clock (at most ${options.maxSkewSeconds} s allowed)`,
        status,
      );
    }
    if (parsed.nonce !== nonce) {
      throw new LatchkeyError('NONCE_MISMATCH', 'Answer does not carry the nonce of this request (a replay?)', status);
    }
  }
  const { nonce: _echoed, ...envelope } = parsed;
  return { status, body: envelope as ClientEnvelope<T>, header, verified: signed };
}

function parseEnvelope(bytes: Buffer, status: number): ClientEnvelope<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new LatchkeyError('UNEXPECTED_RESPONSE', `Answer is not JSON (HTTP ${status})`, status);
  }
  const envelope = value as Partial<ClientEnvelope<unknown>> | null;
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    typeof envelope.success !== 'boolean' ||
    typeof envelope.message !== 'string' ||
    typeof envelope.data !== 'object' ||
    envelope.data === null
  ) {
    throw new LatchkeyError('UNEXPECTED_RESPONSE', `Answer is not a Latchkey envelope (HTTP ${status})`, status);
  }
  return envelope as ClientEnvelope<unknown>;
}
