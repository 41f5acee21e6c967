import { hkdfSync, timingSafeEqual } from 'node:crypto';
import { hmacSha512256, randomHex } from '../../common/crypto.js';

/** 32 hex random, 8 hex expiry (Unix seconds), 32 hex MAC. */
const UNSTORED_ID_PATTERN = /^[0-9a-f]{72}$/;
const RANDOM_BYTES = 16;
const MAC_BYTES = 16;
const BODY_LENGTH = RANDOM_BYTES * 2 + 8;

/**
 * Ids of the unvalidated sessions that `init` does not store: the id itself
 * says for which app and until when it is good, under a MAC keyed from
 * MASTER_KEY, so every API process can check it and none has to write it.
 * Only a session that changes (bound, ended) gets a record, under the same id.
 * The MAC is HMAC-SHA-512-256 truncated to 128 bits (libsodium's, cheaper on
 * the event loop than node:crypto's; docs/decisions/performance.md).
 */
export class UnstoredSessionIds {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latchkey-keyauth-session-v1', 32));
  }

  /** A new id for a session of `appId` good until `expiresAt` (Unix seconds). */
  issue(appId: string, expiresAt: number): string {
    const body = randomHex(RANDOM_BYTES) + expiresAt.toString(16).padStart(8, '0');
    return body + this.mac(appId, body).toString('hex');
  }

  /** Whether `id` has the shape of an unstored session's id (checked or not). */
  isUnstored(id: string): boolean {
    return UNSTORED_ID_PATTERN.test(id);
  }

  /** The expiry (Unix seconds) of `id` if this service issued it for `appId` and it is not past; else null. */
  expiryOf(appId: string, id: string, nowSeconds = Date.now() / 1000): number | null {
    if (!this.isUnstored(id)) return null;
    const body = id.slice(0, BODY_LENGTH);
    const presented = Buffer.from(id.slice(BODY_LENGTH), 'hex');
    if (!timingSafeEqual(presented, this.mac(appId, body))) return null;
    const expiresAt = Number.parseInt(body.slice(RANDOM_BYTES * 2), 16);
    return expiresAt > nowSeconds ? expiresAt : null;
  }

  private mac(appId: string, body: string): Buffer {
    return hmacSha512256(this.key, `${appId}:${body}`).subarray(0, MAC_BYTES);
  }
}
