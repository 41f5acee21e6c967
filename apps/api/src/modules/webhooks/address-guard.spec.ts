import { describe, expect, it } from '@jest/globals';
import {
  BlockedAddressError,
  findNonPublicAddress,
  isPublicAddress,
  literalAddress,
  publicOnlyLookup,
} from './address-guard.js';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (unique local)'],
    ['fc00::1', 'unique local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'Alibaba metadata (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::a00:1', 'IPv4-compatible private'],
    ['::808:808', 'IPv4-compatible, deprecated even when public'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['not an address', 'garbage'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('literalAddress', () => {
  it('finds IP literals in URL hostnames, as WHATWG URL normalises them', () => {
    expect(literalAddress(new URL('http://[::1]:8080/').hostname)).toBe('::1');
    expect(literalAddress(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalAddress('example.com')).toBeNull();
  });
});

describe('publicOnlyLookup', () => {
  const lookup = (hostname: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicOnlyLookup(hostname, { all }, (err, address) => resolve({ err, address })),
    );

  it('refuses a name that resolves to loopback, in both callback shapes', async () => {
    for (const all of [true, false]) {
      const { err } = await lookup('localhost', all);
      expect(err).toBeInstanceOf(BlockedAddressError);
      expect(err?.message).toBe('localhost does not resolve to a public address');
    }
  });
});

describe('findNonPublicAddress', () => {
  it('checks literals and resolved names; an unresolvable name is not refused', async () => {
    expect(await findNonPublicAddress('169.254.169.254')).toBe('169.254.169.254');
    expect(await findNonPublicAddress('[::1]')).toBe('::1');
    expect(await findNonPublicAddress('8.8.8.8')).toBeNull();
    expect(await findNonPublicAddress('localhost')).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await findNonPublicAddress('name-that-does-not-exist.invalid')).toBeNull();
  });
});
