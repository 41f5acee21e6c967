import ipaddr from 'ipaddr.js';

/** An IPv6 client usually holds a whole /64; counting per address would let it rotate freely. */
const IPV6_PREFIX = 64;

/** What one client counts as: its IPv4 address (also when IPv4-mapped), or its IPv6 /64. */
export function rateLimitSubject(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${IPV6_PREFIX}`).toString()}/${IPV6_PREFIX}`;
}
