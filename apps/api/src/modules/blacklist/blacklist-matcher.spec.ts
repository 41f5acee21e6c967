import { describe, expect, it } from '@jest/globals';
import { BlacklistMatcher, normalizeIpValue } from './blacklist-matcher.js';

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
