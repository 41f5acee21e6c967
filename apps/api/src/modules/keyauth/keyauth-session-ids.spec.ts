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

  it("accepts the ids of the previous release's MAC (HMAC-SHA-256) until their end, for a rolling upgrade", () => {
    const masterKey = randomBytes(32);
    const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'latchkey-keyauth-session-v1', 32));
    const body = randomBytes(16).toString('hex') + until.toString(16).padStart(8, '0');
    const previousMac = createHmac('sha256', key).update(`${appId}:${body}`).digest('hex').slice(0, 32);
    const current = new UnstoredSessionIds(masterKey);
    expect(current.expiryOf(appId, body + previousMac, now)).toBe(until);
    expect(current.expiryOf(appId, body + previousMac, until)).toBeNull();
    expect(current.expiryOf(randomUUID(), body + previousMac, now)).toBeNull();
    // What this release issues is another MAC of the same body.
    const issued = current.issue(appId, until);
    expect(current.expiryOf(appId, issued, now)).toBe(until);
    const previousOfIssued = createHmac('sha256', key)
      .update(`${appId}:${issued.slice(0, 40)}`)
      .digest('hex')
      .slice(0, 32);
    expect(issued.slice(40)).not.toBe(previousOfIssued);
  });

  it('tells the shape apart from stored ids and junk', () => {
    expect(ids.isUnstored(ids.issue(appId, until))).toBe(true);
    expect(ids.isUnstored('0'.repeat(32))).toBe(false);
    expect(ids.isUnstored('G'.repeat(72))).toBe(false);
    expect(ids.expiryOf(appId, '0'.repeat(32), now)).toBeNull();
  });
});
