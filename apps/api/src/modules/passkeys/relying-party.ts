import type { Config } from '../../config/config.js';
import { isHostUnder } from '../../config/config.js';
import { AppError } from '../../common/errors.js';

/** Who a passkey ceremony is for: the RP ID its credentials are bound to, and the origins it may come from. */
export interface RelyingParty {
  id: string;
  origins: string[];
}

/** Shown by the authenticator when a passkey is created. */
export const RELYING_PARTY_NAME = 'Latchkey';

/**
 * The relying party of a request whose `Origin` header is `origin`:
 * WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS when set, else derived from the
 * Origin itself (the address the dashboard was opened at; browsers send it
 * with every POST and a page cannot forge it). 400 `Origin not allowed for
 * passkeys` for an origin outside WEBAUTHN_ORIGINS or not under
 * WEBAUTHN_RP_ID, and for none at all when nothing is configured.
 */
export function relyingPartyOf(config: Config, origin: string | undefined): RelyingParty {
  const configured = config.WEBAUTHN_ORIGINS;
  const presented = origin === undefined ? undefined : originHost(origin);
  if (presented === null || (presented === undefined && configured.length === 0)) throw new AppError('PASSKEY_ORIGIN');
  if (presented !== undefined && configured.length > 0 && !configured.includes(origin!)) {
    throw new AppError('PASSKEY_ORIGIN');
  }
  const origins = presented === undefined ? configured : [origin!];
  const id = config.WEBAUTHN_RP_ID || (presented ?? new URL(configured[0]!).hostname);
  if (presented !== undefined && !isHostUnder(presented, id)) throw new AppError('PASSKEY_ORIGIN');
  return { id, origins };
}

/** The host name of an http(s) origin (`https://lk.example.com:8443`), or null for anything else (`null`, a URL with a path). */
function originHost(origin: string): string | null {
  const url = URL.parse(origin);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin) return null;
  return url.hostname;
}
