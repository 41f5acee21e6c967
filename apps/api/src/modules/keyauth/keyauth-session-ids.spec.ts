import { describe, expect, it } from '@jest/globals';
import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { UnstoredSessionIds } from './keyauth-session-ids.js';

describe('UnstoredSessionIds', () => {
  const ids = new UnstoredSessionIds(randomBytes(32));
  const appId = randomUUID();
  const now = 1_800_000_000;
  const until = now + 300;

  it('issues 72 hex characters, each id new, good for its app until its end', () => {
    const id = ids.issue(appId, until);
    expect(id).toMatch(/^[0-9a-f]{72}$/);
    expect(ids.issue(appId, until)).not.toBe(id);
    expect(ids.expiryOf(appId, id, now)).toBe(until);
    expect(ids.expiryOf(appId, id, until - 1)).toBe(until);
  });

  it('refuses an id once past its end, for another app, altered anywhere, or issued under another key', () => {
    const id = ids.issue(appId, until);
    expect(ids.expiryOf(appId, id, until)).toBeNull();
    expect(ids.expiryOf(randomUUID(), id, now)).toBeNull();
    for (const at of [0, 35, 71]) {
      const altered = id.slice(0, at) + (id[at] === '0' ? '1' : '0') + id.slice(at + 1);
      expect(ids.expiryOf(appId, altered, now)).toBeNull();
    }
    // A later end written into the id does not extend it: the MAC covers it.
    const extended = id.slice(0, 32) + (until + 86_400).toString(16).padStart(8, '0') + id.slice(40);
    expect(ids.expiryOf(appId, extended, now)).toBeNull();
    expect(new UnstoredSessionIds(randomBytes(32)).expiryOf(appId, id, now)).toBeNull();
  });

  it('refuses an id under the MAC of the releases before 2026-11-29 (HMAC-SHA-256), whose sessions have all ended', () => {
    const masterKey = randomBytes(32);
    const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latchkey-keyauth-session-v1', 32));
    const body = randomBytes(16).toString('hex') + until.toString(16).padStart(8, '0');
    const oldMac = createHmac('sha256', key).update(`${appId}:${body}`).digest('hex').slice(0, 32);
    expect(new UnstoredSessionIds(masterKey).expiryOf(appId, body + oldMac, now)).toBeNull();
  });

  it('tells the shape apart from stored ids and junk', () => {
    expect(ids.isUnstored(ids.issue(appId, until))).toBe(true);
    expect(ids.isUnstored('0'.repeat(32))).toBe(false);
    expect(ids.isUnstored('G'.repeat(72))).toBe(false);
    expect(ids.expiryOf(appId, '0'.repeat(32), now)).toBeNull();
  });
});
