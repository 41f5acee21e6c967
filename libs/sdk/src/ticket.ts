import { LatchkeyError } from './errors.js';
import type { OfflineTicketClaims } from './generated/client.js';
import { ed25519PublicKey, keyIdOf } from './keys.js';

export interface VerifyTicketOptions {
  /** the app's public key (base64 of the raw 32-byte Ed25519 key) */
  publicKey: string;
  /** the app's id: the ticket's `iss` must equal it */
  appId: string;
  /** when given, a ticket bound to a machine (`hwid` not null) must name this one */
  hwid?: string;
  /** the clock, in milliseconds since the epoch; defaults to Date.now */
  now?: () => number;
}

/**
 * Checks an offline ticket with no network: the EdDSA signature with the app's
 * public key, `kid` (the key's id), `iss` (the app), `exp` (still ahead of now)
 * and the claims' types. Returns the claims; throws LatchkeyError with
 * TICKET_EXPIRED or TICKET_INVALID.
 */
export async function verifyTicket(ticket: string, options: VerifyTicketOptions): Promise<OfflineTicketClaims> {
  // jose is ESM-only: a dynamic import keeps the CommonJS build loadable without require(esm).
  const { decodeProtectedHeader, jwtVerify, errors } = await import('jose');
  const now = options.now ?? Date.now;
  // The header first, as docs/client-protocol.md orders the checks: a ticket under another key id is
  // invalid whatever else is wrong with it (the Python and C SDKs answer the same code).
  let header;
  try {
    header = decodeProtectedHeader(ticket);
  } catch (cause) {
    throw new LatchkeyError('TICKET_INVALID', `Offline ticket is invalid: ${(cause as Error).message}`, 0, { cause });
  }
  if (header.alg !== 'EdDSA' || header.kid !== keyIdOf(options.publicKey)) {
    throw new LatchkeyError('TICKET_INVALID', 'Offline ticket was signed under another key id');
  }
  let verified;
  try {
    verified = await jwtVerify(ticket, ed25519PublicKey(options.publicKey), {
      algorithms: ['EdDSA'],
      issuer: options.appId,
      currentDate: new Date(now()),
      requiredClaims: ['iss', 'sub', 'sid', 'lvl', 'iat', 'exp'],
    });
  } catch (cause) {
    if (cause instanceof errors.JWTExpired) {
      throw new LatchkeyError('TICKET_EXPIRED', 'Offline ticket has expired', 0, { cause });
    }
    throw new LatchkeyError('TICKET_INVALID', `Offline ticket is invalid: ${(cause as Error).message}`, 0, { cause });
  }
  const claims = verified.payload as Record<string, unknown>;
  const wellFormed =
    typeof claims.sub === 'string' &&
    typeof claims.sid === 'string' &&
    Number.isInteger(claims.lvl) &&
    (claims.hwid === null || typeof claims.hwid === 'string') &&
    Number.isInteger(claims.iat) &&
    Number.isInteger(claims.exp);
  if (!wellFormed) throw new LatchkeyError('TICKET_INVALID', 'Offline ticket claims are malformed');
  if (options.hwid !== undefined && claims.hwid !== null && claims.hwid !== options.hwid) {
    throw new LatchkeyError('TICKET_INVALID', 'Offline ticket belongs to another machine');
  }
  return {
    iss: claims.iss as string,
    sub: claims.sub as string,
    sid: claims.sid as string,
    lvl: claims.lvl as number,
    hwid: claims.hwid as string | null,
    iat: claims.iat as number,
    exp: claims.exp as number,
  };
}
