import { describe, expect, it } from '@jest/globals';
import { LicenseUserCache, type LicenseUser } from './license-user.cache.js';

const APP = '6f1c1a52-9a53-4cf4-9a57-0d6f3f2b8d10';
const user = (n: number): LicenseUser => ({ licenseId: `license-${n}`, userId: `user-${n}`, hwid: null });

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('LicenseUserCache', () => {
  it('remembers a key’s user per app, until deleted', () => {
    const cache = new LicenseUserCache();
    cache.set(APP, 'KEY-1', user(1));
    expect(cache.get(APP, 'KEY-1')).toEqual(user(1));
    expect(cache.get('other-app', 'KEY-1')).toBeUndefined();
    cache.delete(APP, 'KEY-1');
    expect(cache.get(APP, 'KEY-1')).toBeUndefined();
  });

  it('forgets an entry 60 s after it was last written, however often it is read', () => {
    const time = clock();
    const cache = new LicenseUserCache(time);
    cache.set(APP, 'KEY-1', user(1));
    time.advance(59_999);
    expect(cache.get(APP, 'KEY-1')).toEqual(user(1));
    time.advance(2);
    expect(cache.get(APP, 'KEY-1')).toBeUndefined();
    cache.set(APP, 'KEY-1', { ...user(1), hwid: 'HW' });
    time.advance(30_000);
    cache.set(APP, 'KEY-1', { ...user(1), hwid: 'HW-2' });
    time.advance(59_999);
    expect(cache.get(APP, 'KEY-1')?.hwid).toBe('HW-2');
  });

  it('holds at most 100,000 keys, dropping the least recently used', () => {
    const cache = new LicenseUserCache();
    for (let n = 0; n < 100_000; n++) cache.set(APP, `KEY-${n}`, user(n));
    cache.get(APP, 'KEY-0');
    cache.set(APP, 'KEY-new', user(100_000));
    expect(cache.get(APP, 'KEY-0')).toEqual(user(0));
    expect(cache.get(APP, 'KEY-1')).toBeUndefined();
    expect(cache.get(APP, 'KEY-new')).toEqual(user(100_000));
  });
});
