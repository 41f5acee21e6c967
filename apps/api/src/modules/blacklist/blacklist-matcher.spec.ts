import { describe, expect, it } from '@jest/globals';
import ipaddr from 'ipaddr.js';
import { addressPrefixes, BlacklistMatcher, normalizeIpValue } from './blacklist-matcher.js';

describe('normalizeIpValue', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['10.1.2.3/32', '10.1.2.3'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:abcd:12::1/48', '2001:db8:abcd::/48'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.0/120', '192.0.2.0/24'],
  ])('accepts %s as %s', (value, expected) => {
    expect(normalizeIpValue(value)).toBe(expected);
  });

  it.each([
    '',
    'localhost',
    '10.0.0',
    '127.1',
    '0x7f.0.0.1',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '2001:db8::/129',
    'fe80::1%eth0',
    '1.2.3.4/a',
  ])('refuses %j', (value) => {
    expect(normalizeIpValue(value)).toBeNull();
  });
});

describe('BlacklistMatcher', () => {
  const matcher = new BlacklistMatcher([
    { type: 'ip', value: '198.51.100.0/24' },
    { type: 'ip', value: '203.0.113.7' },
    { type: 'ip', value: '2001:db8:abcd::/48' },
    { type: 'ip', value: '2001:db8::1' },
    { type: 'hwid', value: 'HW-1' },
    { type: 'username', value: 'mallory' },
  ]);

  it('matches IPv4 addresses and ranges, including IPv4-mapped IPv6 clients', () => {
    expect(matcher.matches({ ip: '198.51.100.0' })).toBe(true);
    expect(matcher.matches({ ip: '198.51.100.255' })).toBe(true);
    expect(matcher.matches({ ip: '::ffff:198.51.100.9' })).toBe(true);
    expect(matcher.matches({ ip: '198.51.101.0' })).toBe(false);
    expect(matcher.matches({ ip: '203.0.113.7' })).toBe(true);
    expect(matcher.matches({ ip: '203.0.113.8' })).toBe(false);
  });

  it('matches IPv6 addresses and ranges in any spelling', () => {
    expect(matcher.matches({ ip: '2001:db8:abcd:ffff::42' })).toBe(true);
    expect(matcher.matches({ ip: '2001:db8:abce::1' })).toBe(false);
    expect(matcher.matches({ ip: '2001:0DB8:0000::0001' })).toBe(true);
    expect(matcher.matches({ ip: '2001:db8::2' })).toBe(false);
  });

  it('matches HWIDs exactly and usernames in any ASCII case', () => {
    expect(matcher.matches({ ip: '192.0.2.1', hwid: 'HW-1' })).toBe(true);
    expect(matcher.matches({ ip: '192.0.2.1', hwid: 'hw-1' })).toBe(false);
    expect(matcher.matches({ ip: '192.0.2.1', username: 'mallory' })).toBe(true);
    expect(matcher.matches({ ip: '192.0.2.1', username: 'MALLORY' })).toBe(true);
    // Only ASCII case folds: no Unicode case mapping reaches the stored name.
    for (const variant of ['M\u0391LLORY', 'mallor\u0443', '\uFF2DALLORY']) {
      expect(matcher.matches({ ip: '192.0.2.1', username: variant })).toBe(false);
    }
    expect(matcher.matches({ ip: '192.0.2.1', username: 'alice', hwid: null })).toBe(false);
  });

  it('never matches an unparsable address, and an empty list matches nothing', () => {
    expect(matcher.matches({ ip: 'not-an-ip' })).toBe(false);
    expect(BlacklistMatcher.EMPTY.matches({ ip: '203.0.113.7', hwid: 'HW-1', username: 'Mallory' })).toBe(false);
  });

  it('matches everything under a /0 of its family only', () => {
    const all4 = new BlacklistMatcher([{ type: 'ip', value: '0.0.0.0/0' }]);
    expect(all4.matches({ ip: '8.8.8.8' })).toBe(true);
    expect(all4.matches({ ip: '2001:db8::1' })).toBe(false);
  });
});

describe('addressPrefixes', () => {
  it.each([
    ['203.0.113.7', ['203.0.113.7', '::ffff:203.0.113.7']],
    ['10.0.0.0/8', ['10.', '::ffff:10.']],
    ['10.1.0.0/20', ['10.1.', '::ffff:10.1.']],
    ['10.0.0.0/7', ['']],
    ['0.0.0.0/0', ['']],
    ['2001:db8::/32', ['2001:db8:']],
    ['2001:db8:abcd::/48', ['2001:db8:abcd:']],
    ['2001:db8::1', ['2001:db8:']],
    ['2001:db8:1:2:3:4:5:6', ['2001:db8:1:2:3:4:5:6']],
    ['::1', ['']],
    ['fe80::/10', ['']],
  ])('%s starts with %j', (value, prefixes) => {
    expect(addressPrefixes(value)).toEqual(prefixes);
  });

  it('every address a range covers, spelled as a socket reports it, starts with one of them', () => {
    let seed = 42;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % bound;
    };
    for (const value of [
      '10.1.0.0/20',
      '192.0.2.0/24',
      '203.0.113.7',
      '2001:db8::/32',
      '2001:db8:abcd::/48',
      '2001:db8:0:1::/64',
      '2001:db8:0:0:1::/80',
    ]) {
      const [network, prefix] = ipaddr.parseCIDR(
        value.includes('/') ? value : `${value}/${value.includes(':') ? 128 : 32}`,
      );
      const matcher = new BlacklistMatcher([{ type: 'ip', value }]);
      for (let i = 0; i < 200; i += 1) {
        // Host bits drawn so that zero runs (compressed away by RFC 5952) fall anywhere.
        const bytes = network.toByteArray().map((byte, index) => {
          const hostBits = Math.min(8, Math.max(0, (index + 1) * 8 - prefix));
          const host = next(3) === 0 ? 0 : next(256);
          return (byte & ~((1 << hostBits) - 1)) | (host & ((1 << hostBits) - 1));
        });
        const address = ipaddr.fromByteArray(bytes).toString();
        const spellings = network.kind() === 'ipv4' ? [address, `::ffff:${address}`] : [address];
        for (const spelling of spellings) {
          expect([spelling, matcher.matches({ ip: spelling })]).toEqual([spelling, true]);
          expect([spelling, addressPrefixes(value).some((p) => spelling.startsWith(p))]).toEqual([spelling, true]);
        }
      }
    }
  });
});
