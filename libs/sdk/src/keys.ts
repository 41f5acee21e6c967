import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

// DER prefixes of SubjectPublicKeyInfo structures; the raw 32-byte key follows each.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

/** The raw 32 bytes of a base64 key, or null when it is not exactly 32 bytes of canonical base64. */
export function rawKey(base64: string): Buffer | null {
  const raw = Buffer.from(base64, 'base64');
  return raw.length === 32 && raw.toString('base64') === base64 ? raw : null;
}

/** The app's Ed25519 public key (base64 of the raw 32 bytes, as the admin API shows it). */
export function ed25519PublicKey(publicKeyBase64: string): KeyObject {
  const raw = rawKey(publicKeyBase64);
  if (!raw) throw new TypeError('publicKey must be base64 of a raw 32-byte Ed25519 key');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

export function x25519PublicKey(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([X25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The raw 32 bytes of an Ed25519 or X25519 public key object. */
export function rawPublicKey(key: KeyObject): Buffer {
  const spki = key.export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - 32);
}

/** `keyId` of an app: the first 16 hex characters of SHA-256 of the raw public key (the tickets' `kid`). */
export function keyIdOf(publicKeyBase64: string): string {
  const raw = rawKey(publicKeyBase64);
  if (!raw) throw new TypeError('publicKey must be base64 of a raw 32-byte Ed25519 key');
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

/**
 * Verifies `X-Signature-Ed25519` (hex) over the ASCII timestamp followed by the
 * raw body bytes, with the app's public key (base64 or a key object).
 */
export function verifySignature(
  publicKey: string | KeyObject,
  timestamp: string,
  body: string | Uint8Array,
  signatureHex: string,
): boolean {
  if (!/^[0-9a-fA-F]{128}$/.test(signatureHex)) return false;
  const key = typeof publicKey === 'string' ? ed25519PublicKey(publicKey) : publicKey;
  const message = Buffer.concat([Buffer.from(timestamp, 'latin1'), Buffer.from(body)]);
  return verify(null, message, key, Buffer.from(signatureHex, 'hex'));
}
