import { describe, expect, it } from '@jest/globals';
import { ClientLimits } from '@latchkey/contracts';
import { checkValue, isIpOrCidr } from './value-rules';

describe('isIpOrCidr', () => {
  it('accepts IPv4 and IPv6 addresses and ranges within their bits', () => {
    for (const value of ['203.0.113.7', ' 203.0.113.0/24 ', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1/128']) {
      expect([value, isIpOrCidr(value)]).toEqual([value, true]);
    }
  });

  it('refuses what no address is', () => {
    for (const value of [
      '256.0.0.1',
      '1.2.3',
      '203.0.113.0/33',
      '2001:db8::/129',
      '1.2.3.4/24/1',
      'host',
      '1.2.3.4/x',
    ]) {
      expect([value, isIpOrCidr(value)]).toEqual([value, false]);
    }
  });
});

describe('checkValue', () => {
  it("checks IPs and HWIDs by their rules, in the API's words", () => {
    expect(checkValue('ip', '203.0.113.7')).toBe(true);
    expect(checkValue('ip', 'x')).toBe('value must be an IPv4 or IPv6 address or CIDR range');
    expect(checkValue('hwid', 'ABC')).toBe(true);
    expect(checkValue('hwid', '')).toBe(`value must be 1-${ClientLimits.hwidMax} characters`);
    expect(checkValue('hwid', 'x'.repeat(ClientLimits.hwidMax + 1))).toBe(
      `value must be 1-${ClientLimits.hwidMax} characters`,
    );
  });
});
