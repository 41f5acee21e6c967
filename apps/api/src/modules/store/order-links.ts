import { Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Config } from '../../config/config.js';

/** The order page's path in the dashboard; a link is this path and the token. */
export const ORDER_PAGE_PATH = '/order';
/** How long the order email's link lasts: the buyer may open the mail days later. */
export const ORDER_EMAIL_LINK_TTL_SECONDS = 30 * 86_400;

/** 32 bytes in base64url, the shape common/logging.ts redacts from every logged URL. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
/** 96 bits of HMAC-SHA256: forging one means guessing it, against the order page's rate limit. */
const MAC_BYTES = 12;
const SIGNED_BYTES = ID_BYTES + EXPIRY_BYTES;

export interface OrderLink {
  token: string;
  expiresAt: Date;
}

/**
 * The order page's signed, short-lived links (docs/decisions/store-delivery.md).
 * A token is the order's id and an expiry in seconds, with an HMAC over both
 * under a key derived from MASTER_KEY (HKDF, its own label): nothing is
 * stored, any API process reads a link another one made, and a link cannot
 * be revoked but runs out. A changed byte or a past expiry reads as no link.
 */
@Injectable()
export class OrderLinks {
  private readonly key: Buffer;
  private readonly ttlSeconds: number;
  private readonly publicUrl: string;

  constructor(config: Config) {
    this.key = Buffer.from(hkdfSync('sha256', config.masterKey, Buffer.alloc(0), 'latchkey-order-link-v1', 32));
    this.ttlSeconds = config.ORDER_LINK_TTL_SECONDS;
    this.publicUrl = config.PUBLIC_URL;
  }

  /** A link to the order's page, valid for `ttlSeconds` (ORDER_LINK_TTL_SECONDS unless given). */
  issue(orderId: string, ttlSeconds = this.ttlSeconds, now = Date.now()): OrderLink {
    const expiresSeconds = Math.ceil(now / 1000) + ttlSeconds;
    const signed = Buffer.alloc(SIGNED_BYTES);
    Buffer.from(orderId.replace(/-/g, ''), 'hex').copy(signed, 0);
    signed.writeUInt32BE(expiresSeconds, ID_BYTES);
    const token = Buffer.concat([signed, this.mac(signed)]).toString('base64url');
    return { token, expiresAt: new Date(expiresSeconds * 1000) };
  }

  /** The order a token names while it is valid; null for anything else. */
  read(token: string, now = Date.now()): { orderId: string; expiresAt: Date } | null {
    if (!TOKEN.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // One spelling per link: the last character's two spare bits must be as issued.
    if (bytes.toString('base64url') !== token) return null;
    const signed = bytes.subarray(0, SIGNED_BYTES);
    if (!timingSafeEqual(bytes.subarray(SIGNED_BYTES), this.mac(signed))) return null;
    const expiresAt = new Date(signed.readUInt32BE(ID_BYTES) * 1000);
    if (expiresAt.getTime() <= now) return null;
    const hex = signed.subarray(0, ID_BYTES).toString('hex');
    const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { orderId, expiresAt };
  }

  /** The page's absolute address: PUBLIC_URL, else `origin` (the request's); null with neither. */
  url(token: string, origin: string | null): string | null {
    const base = this.publicUrl || origin;
    return base ? `${base}${ORDER_PAGE_PATH}/${token}` : null;
  }

  private mac(signed: Buffer): Buffer {
    return createHmac('sha256', this.key).update(signed).digest().subarray(0, MAC_BYTES);
  }
}
