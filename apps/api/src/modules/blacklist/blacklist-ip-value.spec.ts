import { describe, expect, it } from '@jest/globals';
import { isBlacklistIpValue } from '@latchkey/contracts';
import { normalizeIpValue } from './blacklist-matcher.js';

/*
 * The request shape (and so the dashboard) decides whether an `ip` entry's
 * value is one with its own copy of node:net's test; the service stores what
 * normalizeIpValue makes of it. Both must take the same values.
 */

const FIXED = [
  '203.0.113.7',
  ' 203.0.113.0/24 ',
  '0.0.0.0/0',
  '2001:db8::1',
  '2001:db8::/32',
  '::1/128',
  '::',
  '::ffff:198.51.100.9',
  '::ffff:198.51.100.9/120',
  '1::2:3:4:5:6:7',
  '1:2:3:4:5:6:1.2.3.4',
  'fe80::1%eth0',
  '256.0.0.1',
  '01.2.3.4',
  '1.2.3',
  '127.1',
  '0x7f.0.0.1',
  '203.0.113.0/33',
  '203.0.113.0/032',
  '2001:db8::/129',
  '1.2.3.4/24/1',
  '1.2.3.4/',
  '1.2.3.4/x',
  '/24',
  'host',
  '',
  ':::',
  '1:2:3:4:5:6:7:8:9',
  '2001:DB8::ABCD',
];

let seed = 39;
const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** Address-like strings (groups of digits or hex, `.`, `:` and `::`, a prefix or not), so near-misses come up often. */
function randomCandidates(count: number): string[] {
  const group = () =>
    next() < 0.5
      ? String(Math.floor(next() * 300)).padStart(pick([1, 1, 1, 3]), '0')
      : Array.from({ length: Math.floor(next() * 6) }, () => pick([...'0123456789abcdefABCDEFg'])).join('');
  return Array.from({ length: count }, () => {
    let text = group();
    for (let i = Math.floor(next() * 9); i > 0; i--) text += pick(['.', '.', ':', ':', '::']) + group();
    return next() < 0.3 ? `${text}/${Math.floor(next() * 140)}` : text;
  });
}

describe("the request shape's IP test", () => {
  it('takes the values normalizeIpValue takes, and no other', () => {
    for (const value of [...FIXED, ...randomCandidates(20_000)]) {
      expect([value, isBlacklistIpValue(value)]).toEqual([value, normalizeIpValue(value) !== null]);
    }
  });
});
