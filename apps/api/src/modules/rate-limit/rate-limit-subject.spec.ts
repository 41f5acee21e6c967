import { describe, expect, it } from '@jest/globals';
import { rateLimitSubject } from './rate-limit-subject.js';

describe('rateLimitSubject', () => {
  it('counts an IPv4 client by its address, also when IPv4-mapped', () => {
    expect(rateLimitSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64', () => {
    expect(rateLimitSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:DB8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('keeps anything else as it is', () => {
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});
