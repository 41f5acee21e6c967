import { describe, expect, it } from '@jest/globals';
import { ClientLimits, KEY_ALPHABET, usernameKey } from '@latchkey/contracts';

// usernameKey lives in @latchkey/contracts (the dashboard applies it too); the API is what depends on it.
describe('usernameKey', () => {
  it.each([
    ['alice', 'alice'],
    ['Alice', 'alice'],
    ['IVAN', 'ivan'],
    ['KeViN_2.0-x', 'kevin_2.0-x'],
    ['a.b', 'a.b'],
    // a key's own user is named after the key, prefix and all, even past register's 32 characters
    ['ACME1234567890AB-K7MXQ-2PZRT-HW8YB', 'acme1234567890ab-k7mxq-2pzrt-hw8yb'],
  ])('folds %j to %j', (name, key) => {
    expect(usernameKey(name)).toBe(key);
  });

  it.each([
    ['\u0130van', 'dotted capital I (PostgreSQL lowers it to i)'],
    ['i\u0307van', 'i with a combining dot above'],
    ['\u0131van', 'dotless i (uppers to I)'],
    ['\u212Aevin', 'Kelvin sign (lowers to k)'],
    ['\u017Fam', 'long s (uppers to S)'],
    ['\uFF49\uFF56\uFF41\uFF4E', 'fullwidth letters'],
    ['\u00C5sa', 'a letter outside ASCII'],
    ['al ice', 'a space'],
    ['alice\n', 'a trailing newline'],
    ['a%b', 'a LIKE wildcard'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (name) => {
    expect(usernameKey(name)).toBeNull();
  });

  it('accepts every name register accepts, and every character a license key is made of', () => {
    for (const name of ['abc', 'A_b.c-D', 'x'.repeat(32)]) {
      expect(ClientLimits.usernamePattern.test(name)).toBe(true);
      expect(usernameKey(name)).toBe(name.toLowerCase());
    }
    expect(usernameKey(`${KEY_ALPHABET}-`)).toBe(`${KEY_ALPHABET.toLowerCase()}-`);
  });

  it('is the same for every ASCII case of a name and different for different names', () => {
    expect(new Set(['sam', 'Sam', 'sAM', 'SAM'].map(usernameKey))).toEqual(new Set(['sam']));
    expect(usernameKey('sam')).not.toBe(usernameKey('sam_'));
  });
});
