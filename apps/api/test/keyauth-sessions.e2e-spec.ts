// KeyAuth sessions kept in each API process's memory once bound (issue 38): a session call
// costs no Redis read, and a copy made stale by another process (a new binding, a logout)
// is noticed through its refused Latchkey token, never served.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedApp } from '@latchkey/contracts';
import { Redis } from 'ioredis';
import { createApp, createLicense, patchApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import type { KeyAuthAnswer, KeyAuthClient } from './support/keyauth-client.js';
import { enableKeyAuth, type KeyAuthApp } from './support/keyauth.js';
import { secondApiProcess } from './support/second-api.js';

const SESSION_KEY_PREFIX = 'latchkey:keyauth:session:';

let owner: Owner;
let app: CreatedApp;
let keyauth: KeyAuthApp;
let redis: Redis;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'KeyAuth Sessions' });
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  keyauth = await enableKeyAuth(owner, app);
  redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await closeDb();
});

const verdict = (answer: KeyAuthAnswer) => [answer.verified, answer.json?.success, answer.json?.message];
const validated = [true, true, 'Session is validated.'];
const notFound = [true, false, 'Session not found. Use latest client.'];

/** The same KeyAuth session seen by clients of two API processes. */
function sameSession(first: KeyAuthClient, second: KeyAuthClient) {
  second.sessionId = first.sessionId;
}

describe('a bound KeyAuth session across API processes', () => {
  const second = secondApiProcess();

  for (const version of ['1.3', '1.2'] as const) {
    it(`${version}: a new binding made in one process is used at once by another that remembered the old one`, async () => {
      const viaFirst = keyauth.client(version);
      const viaSecond = keyauth.client(version, { baseUrl: second.url });
      const license = await createLicense(owner, app);
      expect((await viaFirst.init()).json!.success).toBe(true);
      expect((await viaFirst.request('license', { key: license.key, hwid: 'HW-1' })).json!.success).toBe(true);
      sameSession(viaFirst, viaSecond);
      expect(verdict(await viaSecond.request('check'))).toEqual(validated);

      // Validated again through the first process: its old Latchkey session ends, the second's copy is stale.
      expect((await viaFirst.request('license', { key: license.key, hwid: 'HW-1' })).json!.success).toBe(true);
      expect(verdict(await viaSecond.request('check'))).toEqual(validated);
      expect(verdict(await viaFirst.request('check'))).toEqual(validated);
    });

    it(`${version}: a logout in one process ends the session in another that remembered it`, async () => {
      const viaFirst = keyauth.client(version);
      const viaSecond = keyauth.client(version, { baseUrl: second.url });
      const license = await createLicense(owner, app);
      expect((await viaFirst.init()).json!.success).toBe(true);
      expect((await viaFirst.request('license', { key: license.key })).json!.success).toBe(true);
      sameSession(viaFirst, viaSecond);
      expect(verdict(await viaSecond.request('check'))).toEqual(validated);

      expect((await viaFirst.request('logout')).json!.success).toBe(true);
      // Still signed with the session's 1.2 enckey, which the client checks it with.
      expect(verdict(await viaSecond.request('check'))).toEqual(notFound);
      expect(verdict(await viaFirst.request('check'))).toEqual(notFound);
    });
  }
});

describe('a bound KeyAuth session in one process', () => {
  it('is served from memory: its calls read no Redis record while the copy is fresh', async () => {
    // 1.2 with an `enckey`, stored from `init` on: without its record, its id is nothing.
    const client = keyauth.client('1.2');
    const license = await createLicense(owner, app);
    expect((await client.init()).json!.success).toBe(true);
    expect((await client.request('license', { key: license.key })).json!.success).toBe(true);
    expect(await redis.del(SESSION_KEY_PREFIX + client.sessionId)).toBe(1);
    expect(verdict(await client.request('check'))).toEqual(validated);
    // Logging out reads the record, as every call that rebinds or ends a session does: gone, it is unknown
    // (and answered under the secret alone, which this client, holding its enckey, cannot verify).
    expect(verdict(await client.request('logout')).slice(1)).toEqual(notFound.slice(1));
  });

  it('an unvalidated session is never remembered: each call reads its record', async () => {
    // 1.2 with an `enckey`: the one unvalidated session with a record from `init` on.
    const client = keyauth.client('1.2');
    expect((await client.init()).json!.success).toBe(true);
    expect(verdict(await client.request('check'))).toEqual([true, false, 'Session is not validated']);
    expect(await redis.del(SESSION_KEY_PREFIX + client.sessionId)).toBe(1);
    // Unknown, it is answered under the secret alone: this client, holding its enckey, cannot verify that.
    expect(verdict(await client.request('check')).slice(1)).toEqual(notFound.slice(1));
  });
});

describe('an unvalidated session without a 1.2 enckey', () => {
  it('has no record: the id is the session until it is bound, then it has one', async () => {
    const client = keyauth.client('1.3');
    const license = await createLicense(owner, app);
    expect((await client.init()).json!.success).toBe(true);
    expect(client.sessionId).toMatch(/^[0-9a-f]{72}$/);
    expect(await redis.exists(SESSION_KEY_PREFIX + client.sessionId)).toBe(0);
    expect(verdict(await client.request('check'))).toEqual([true, false, 'Session is not validated']);
    expect((await client.request('license', { key: license.key })).json!.success).toBe(true);
    expect(verdict(await client.request('check'))).toEqual(validated);
    expect(await redis.ttl(SESSION_KEY_PREFIX + client.sessionId)).toBeGreaterThan(0);
  });

  it('ended by a logout stays ended until its idle end, and is good for no other app nor altered', async () => {
    const client = keyauth.client('1.3');
    expect((await client.init()).json!.success).toBe(true);
    const id = client.sessionId;
    const altered = keyauth.client('1.3');
    altered.sessionId = id.slice(0, 40) + (id[40] === '0' ? '1' : '0') + id.slice(41);
    expect(verdict(await altered.request('check'))).toEqual(notFound);
    const otherApp = await createApp(owner, { name: 'KeyAuth Sessions, other' });
    const elsewhere = (await enableKeyAuth(owner, otherApp)).client('1.3');
    elsewhere.sessionId = id;
    expect(verdict(await elsewhere.request('check'))).toEqual(notFound);

    expect((await client.request('logout')).json!.success).toBe(true);
    const ttl = await redis.ttl(SESSION_KEY_PREFIX + id);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(app.sessionIdleSeconds);
    expect(verdict(await client.request('check'))).toEqual(notFound);
  });
});
