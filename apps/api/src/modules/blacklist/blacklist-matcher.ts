import { usernameKey, type BlacklistType } from '@latchkey/contracts';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is the IPv4 address: dual-stack sockets report IPv4 clients so. */
function unmap(address: Address, prefix: number): [Address, number] {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), prefix - 96];
  }
  return [address, prefix];
}

/**
 * The canonical form of an IP blacklist value, or null when it is neither an
 * IPv4/IPv6 address nor a CIDR range: addresses in their shortest form
 * (RFC 5952 for IPv6), ranges as their network address (`10.1.2.3/8` ->
 * `10.0.0.0/8`), a full-length prefix as the plain address.
 */
export function normalizeIpValue(value: string): string | null {
  const parts = value.trim().split('/');
  const [text, prefixText] = parts;
  // node:net's isIP accepts only dotted-quad IPv4 (ipaddr.js also takes `127.1` or hex forms); zone ids are local.
  if (parts.length > 2 || !text || isIP(text) === 0 || text.includes('%')) return null;
  const parsed = ipaddr.parse(text);
  const bits = parsed.kind() === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const requested = prefixText === undefined ? bits : Number(prefixText);
  if (requested > bits) return null;
  const [address, prefix] = unmap(parsed, requested);
  const fullLength = address.kind() === 'ipv4' ? 32 : 128;
  if (prefix === fullLength) return address.toString();
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return `${network.toString()}/${prefix}`;
}

/**
 * Text prefixes that every address an IP entry covers starts with, spelled as
 * a socket reports it (dotted quad; RFC 5952 IPv6; IPv4-mapped IPv6 as
 * `::ffff:` and the dotted quad): the entry's whole leading octets, or its
 * leading non-zero hextets (a zero one may be compressed away); the empty
 * prefix is any address. A superset, for an index to narrow what the matcher
 * then decides. `value` is stored canonical (normalizeIpValue).
 */
export function addressPrefixes(value: string): string[] {
  const [text = '', prefixText] = value.split('/');
  const address = ipaddr.parse(text);
  const prefix = prefixText === undefined ? (address.kind() === 'ipv4' ? 32 : 128) : Number(prefixText);
  if (address.kind() === 'ipv4') {
    const octets = address.toByteArray().slice(0, Math.floor(prefix / 8));
    if (octets.length === 0) return [''];
    const leading = octets.length === 4 ? text : `${octets.join('.')}.`;
    return [leading, `::ffff:${leading}`];
  }
  const hextets = (address as ipaddr.IPv6).parts.slice(0, Math.floor(prefix / 16));
  const nonZero = hextets.slice(0, hextets.includes(0) ? hextets.indexOf(0) : hextets.length);
  if (nonZero.length === 8) return [text];
  return [nonZero.map((hextet) => `${hextet.toString(16)}:`).join('')];
}

export interface BlacklistRule {
  type: BlacklistType;
  value: string;
}

/** What a client request carries that the blacklist can refuse. */
export interface BlacklistSubject {
  ip: string;
  hwid?: string | null;
  /** as sent; compared by its canonical form (usernameKey) */
  username?: string | null;
}

/**
 * An app's blacklist compiled for the hot path: exact addresses, HWIDs and
 * canonical usernames in Sets, ranges pre-parsed per address family. The
 * client's address is parsed only when the app has IP rules, its username
 * made canonical only when the app has username rules.
 */
export class BlacklistMatcher {
  static readonly EMPTY = new BlacklistMatcher([]);

  readonly empty: boolean;
  private readonly addresses = new Set<string>();
  private readonly ranges: Array<[Address, number]> = [];
  private readonly hwids = new Set<string>();
  private readonly usernames = new Set<string>();

  /** `rules` hold values as stored: IP values normalized (normalizeIpValue), usernames canonical (usernameKey). */
  constructor(rules: BlacklistRule[]) {
    for (const { type, value } of rules) {
      if (type === 'hwid') this.hwids.add(value);
      else if (type === 'username') this.usernames.add(value);
      else if (value.includes('/')) this.ranges.push(ipaddr.parseCIDR(value));
      else this.addresses.add(value);
    }
    this.empty = rules.length === 0;
  }

  matches(subject: BlacklistSubject): boolean {
    if (this.empty) return false;
    if (subject.hwid && this.hwids.has(subject.hwid)) return true;
    if (subject.username && this.matchesUsername(subject.username)) return true;
    return this.matchesIp(subject.ip);
  }

  private matchesUsername(username: string): boolean {
    if (this.usernames.size === 0) return false;
    const key = usernameKey(username);
    return key !== null && this.usernames.has(key);
  }

  private matchesIp(ip: string): boolean {
    if (this.addresses.size === 0 && this.ranges.length === 0) return false;
    const bare = ip.includes('%') ? ip.slice(0, ip.indexOf('%')) : ip;
    if (!ipaddr.isValid(bare)) return false;
    const [address] = unmap(ipaddr.parse(bare), 128);
    if (this.addresses.has(address.toString())) return true;
    const kind = address.kind();
    for (const range of this.ranges) {
      if (range[0].kind() === kind && address.match(range)) return true;
    }
    return false;
  }
}
