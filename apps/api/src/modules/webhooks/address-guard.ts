import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Only globally routable unicast addresses may receive webhooks. ipaddr.js
 * classifies every special range (loopback, RFC 1918, link-local and so the
 * cloud metadata address 169.254.169.254, CGNAT 100.64/10, unique-local
 * fc00::/7, multicast, reserved, documentation, 6to4, NAT64...) and
 * `process` unwraps IPv4-mapped IPv6 such as ::ffff:127.0.0.1 first.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291) is "unicast" to ipaddr.js,
  // yet ::7f00:1 reaches 127.0.0.1 on some stacks: refuse the whole range.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

export const BLOCKED_ADDRESS_CODE = 'ERR_WEBHOOK_ADDRESS_BLOCKED';

export class BlockedAddressError extends Error {
  readonly code = BLOCKED_ADDRESS_CODE;

  constructor(host: string, address: string) {
    super(
      // The resolved address is kept out of the message: it is shown to the caller, and
      // would map an internal network one name at a time.
      host === address ? `${address} is not a public address` : `${host} does not resolve to a public address`,
    );
  }
}

/** The URL's host as an IP address when it is a literal one (brackets of IPv6 removed). */
export function literalAddress(hostname: string): string | null {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(host) ? host : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A drop-in for `dns.lookup` as a socket's `lookup` option: it resolves every
 * address, refuses the connection when any is not public, and hands the
 * socket only addresses it checked. Checking the very address connected to
 * is what defeats DNS rebinding (a name that resolves to a public address
 * when validated and to 127.0.0.1 when used). Sockets skip `lookup` for IP
 * literals, so callers check those with `literalAddress` first.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    if (addresses.length === 0)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    // Node asks for every address (`all: true`) when it races IPv4 and IPv6, one otherwise.
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** Bounds the name lookup when a webhook is saved; a slow resolver must not hang the request. */
const CREATION_LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The first non-public address `hostname` is or resolves to, or null. A name
 * that does not resolve (yet) is not refused: deliveries check again, on the
 * address they actually connect to.
 */
export async function findNonPublicAddress(hostname: string): Promise<string | null> {
  const literal = literalAddress(hostname);
  if (literal) return isPublicAddress(literal) ? null : literal;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LookupAddress[]>((resolve) => {
    timer = setTimeout(() => resolve([]), CREATION_LOOKUP_TIMEOUT_MS);
  });
  const addresses = await Promise.race([dns.promises.lookup(hostname, { all: true }).catch(() => []), timeout]);
  clearTimeout(timer);
  return addresses.find((a) => !isPublicAddress(a.address))?.address ?? null;
}
