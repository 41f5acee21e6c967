// KeyAuth's seller API (issue 40 item 2): driven the way a shop's dynamic delivery (Sellix, SellApp:
// `type=add&format=text`, the order posted as JSON), KeyAuth's Discord bot (`verify`, `resetuser`, `del`,
// `ban`, ...) and seller panels (`fetchallkeys`, `stats`, variables) call it, each answer compared with
// KeyAuth's documented shape (KeyAuth/keyauth-docs, the seller API pages).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import type { CreatedApp } from '@latchkey/contracts';
import { type RunningApi, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { createApp, type Owner, patchApp, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { BASE_URL, http } from './support/http.js';
import { enableKeyAuth, type KeyAuthApp } from './support/keyauth.js';

let owner: Owner;
let app: CreatedApp;
let keyauth: KeyAuthApp;
let sellerKey: string;

const adminPath = (path: string, target: { appId: string } = app) => `/v1/admin/apps/${target.appId}${path}`;

/** A seller call as the tools send it: GET with a query string (the key first, as KeyAuth's examples). */
async function seller(
  fields: Record<string, string>,
  options: { key?: string; baseUrl?: string; headers?: Record<string, string> } = {},
) {
  const query = new URLSearchParams({ sellerkey: options.key ?? sellerKey, ...fields });
  const response = await fetch(`${options.baseUrl ?? BASE_URL}/api/seller/?${query}`, { headers: options.headers });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // format=text: the bare key(s)
  }
  return { status: response.status, text, json, headers: response.headers };
}

async function newSellerKey(target: { appId: string } = app): Promise<string> {
  const made = await http('POST', adminPath('/keyauth/seller-key', target), { token: owner.token });
  expect(made.status).toBe(200);
  return made.body.data.sellerKey;
}

async function findLicense(key: string) {
  const found = await http('GET', adminPath(`/licenses?search=${encodeURIComponent(key)}`), { token: owner.token });
  return found.body.data.find((license: { key: string }) => license.key === key);
}

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'Seller Shop' });
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  keyauth = await enableKeyAuth(owner, app);
  sellerKey = await newSellerKey();
});
afterAll(closeDb);

describe('the seller key in the console', () => {
  it('is 32 characters, shown once: the status never carries it, and records its last use', async () => {
    expect(sellerKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const before = await http('GET', adminPath('/keyauth/seller-key'), { token: owner.token });
    expect(before.body.data).toEqual({
      exists: true,
      createdAt: expect.any(String),
      lastUsedAt: null,
      endpoint: expect.stringMatching(/\/api\/seller\/$/),
    });
    expect(JSON.stringify(before.body)).not.toContain(sellerKey);
    expect((await seller({ type: 'stats' })).json.success).toBe(true);
    const after = await http('GET', adminPath('/keyauth/seller-key'), { token: owner.token });
    expect(after.body.data.lastUsedAt).toEqual(expect.any(String));
    // Stored as its SHA-256, never in the clear.
    const { rows } = await db().query('SELECT key_hash FROM keyauth_seller_keys WHERE app_id = $1', [app.appId]);
    expect(rows[0].key_hash.toString('hex')).not.toContain(Buffer.from(sellerKey).toString('hex'));
  });
});

describe("a shop's dynamic delivery (Sellix, SellApp)", () => {
  it('type=add&format=text answers the bare key, made from the mask, with the level and expiry', async () => {
    const made = await seller({
      type: 'add',
      expiry: '30',
      mask: 'SHOP-****-****-****',
      level: '2',
      amount: '1',
      format: 'text',
    });
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(made.text).toMatch(/^SHOP-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
    expect(await findLicense(made.text)).toMatchObject({
      level: 2,
      durationType: '30d',
      status: 'UNUSED',
      extraDays: 0,
    });
  });

  it("the order's quantity posted as JSON wins over amount: one key a line", async () => {
    const query = new URLSearchParams({ sellerkey: sellerKey, type: 'add', expiry: '45', amount: '1', format: 'text' });
    const response = await fetch(`${BASE_URL}/api/seller/?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'order:paid', data: { uniqid: 'abc', quantity: 3, type: 'x' } }),
    });
    const keys = (await response.text()).split('\r\n');
    expect(response.status).toBe(200);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^([A-Za-z0-9]{6}-){5}[A-Za-z0-9]{6}$/);
    // 45 days: a 1d key with 44 extra days, as the KeyAuth import maps it.
    expect(await findLicense(keys[0]!)).toMatchObject({ durationType: '1d', extraDays: 44, level: 1 });
  });

  it('format=json answers `key` for one and `keys` for several', async () => {
    const one = await seller({ type: 'add', expiry: '1', format: 'JSON' });
    expect([one.status, one.json]).toEqual([
      200,
      { success: true, message: 'License Successfully Generated', key: expect.any(String) },
    ]);
    const two = await seller({ type: 'add', expiry: '365', amount: '2', mask: 'XXXXX-xxxxx-*****' });
    expect(two.json).toEqual({
      success: true,
      message: 'Licenses successfully generated',
      keys: [expect.any(String), expect.any(String)],
    });
    expect(two.json.keys[0]).toMatch(/^[A-Z0-9]{5}-[a-z0-9]{5}-[A-Za-z0-9]{5}$/);
  });

  it('a refusal is JSON even under format=text, so a shop never delivers it as a key', async () => {
    const refused = await seller({ type: 'add', format: 'text' });
    expect([refused.status, refused.json]).toEqual([400, { success: false, message: 'Expiry not set' }]);
  });

  it('parallel calls make exactly the keys asked for, all distinct', async () => {
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => seller({ type: 'add', expiry: '7', amount: '5', note: 'parallel-batch' })),
    );
    const keys = calls.flatMap((call) => call.json.keys as string[]);
    expect(calls.every((call) => call.status === 200)).toBe(true);
    expect(new Set(keys).size).toBe(40);
    const { rows } = await db().query(
      "SELECT count(*)::int AS n FROM licenses WHERE app_id = $1 AND note = 'parallel-batch'",
      [app.appId],
    );
    expect(rows[0].n).toBe(40);
  });
});

describe("KeyAuth's Discord bot", () => {
  let key: string;
  beforeAll(async () => {
    key = (await seller({ type: 'add', expiry: '30', level: '3' })).json.key;
    const client = keyauth.client('1.3');
    expect((await client.init()).json?.success).toBe(true);
    const login = await client.request('license', { key, hwid: 'HWID-OLD' });
    expect(login.json?.success).toBe(true);
  });

  it('verify and info: a known key, an unknown one', async () => {
    expect((await seller({ type: 'verify', key })).json).toEqual({
      success: true,
      message: 'Key Successfully Verified',
    });
    const unknown = await seller({ type: 'verify', key: 'NOPE-NOPE' });
    expect([unknown.status, unknown.json]).toEqual([404, { success: false, message: 'Key Not Found' }]);
    const info = await seller({ type: 'info', key });
    expect(info.json).toMatchObject({
      success: true,
      status: 'Used',
      level: '3',
      usedby: key,
      hwid: 'HWID-OLD',
      createdby: 'SellerAPI',
      duration: String(30 * 86_400),
      creationdate: expect.stringMatching(/^\d{10}$/),
    });
  });

  it("resetuser clears the user's HWID through the console's code", async () => {
    expect((await seller({ type: 'resetuser', user: key })).json).toEqual({
      success: true,
      message: 'Successfully Reset User',
    });
    const { rows } = await db().query('SELECT hwid FROM users WHERE app_id = $1 AND username = $2', [app.appId, key]);
    expect(rows[0].hwid).toBeNull();
    const missing = await seller({ type: 'resetuser', user: 'nobody-here' });
    expect([missing.status, missing.json]).toEqual([404, { success: false, message: 'User Not Found' }]);
  });

  it('ban and unban a key, ban and unban a user, verifyuser, extend', async () => {
    expect((await seller({ type: 'ban', key, reason: 'chargeback' })).json).toEqual({
      success: true,
      message: 'Successfully banned license!',
    });
    expect(await findLicense(key)).toMatchObject({ status: 'BANNED', banReason: 'chargeback' });
    expect((await seller({ type: 'unban', key })).json).toEqual({
      success: true,
      message: 'Successfully unbanned license!',
    });
    expect((await findLicense(key)).status).toBe('USED');
    expect((await seller({ type: 'banuser', user: key, reason: 'x' })).json.message).toBe('Successfully banned user!');
    expect((await seller({ type: 'unbanuser', user: key })).json.message).toBe('Successfully unbanned user!');
    expect((await seller({ type: 'verifyuser', user: key })).json).toEqual({
      success: true,
      message: 'User Successfully Verified',
    });
    const before = await db().query('SELECT expires_at FROM users WHERE app_id = $1 AND username = $2', [
      app.appId,
      key,
    ]);
    expect((await seller({ type: 'extend', user: key, sub: 'default', expiry: '2' })).json.message).toBe(
      'Successfully extended user(s)!',
    );
    const after = await db().query('SELECT expires_at FROM users WHERE app_id = $1 AND username = $2', [
      app.appId,
      key,
    ]);
    expect(after.rows[0].expires_at.getTime() - before.rows[0].expires_at.getTime()).toBe(2 * 86_400_000);
    expect((await seller({ type: 'extend', user: 'all', sub: 'default', expiry: '2' })).status).toBe(400);
    const events = await db().query("SELECT name FROM events WHERE app_id = $1 AND name = 'user.ban'", [app.appId]);
    expect(events.rows.length).toBe(1);
  });

  it('del with userToo deletes the key and its user, emitting license.delete like the console', async () => {
    const deleted = await seller({ type: 'del', key, userToo: '1', format: 'json' });
    expect(deleted.json).toEqual({ success: true, message: 'Successfully Deleted License' });
    expect((await seller({ type: 'verify', key })).status).toBe(404);
    expect((await seller({ type: 'verifyuser', user: key })).status).toBe(404);
    const events = await db().query("SELECT name FROM events WHERE app_id = $1 AND name = 'license.delete'", [
      app.appId,
    ]);
    expect(events.rows.length).toBe(1);
  });
});

describe('seller panels', () => {
  it('fetchallkeys (JSON and text), fetchallusers and stats in the fields tools read', async () => {
    const all = await seller({ type: 'fetchallkeys' });
    expect(all.json).toMatchObject({ success: true, message: 'Successfully Retrieved Licenses' });
    expect(all.json.keys[0]).toEqual({
      key: expect.any(String),
      note: expect.any(String),
      expires: expect.stringMatching(/^\d+$/),
      status: 'Not Used',
      level: expect.any(String),
      genby: 'SellerAPI',
      gendate: expect.stringMatching(/^\d{10}$/),
      usedon: null,
      usedby: null,
      hwid: '',
      banned: null,
    });
    const text = await seller({ type: 'fetchallkeys', format: 'text' });
    expect(text.text.split('\n')).toEqual(all.json.keys.map((k: { key: string }) => k.key));

    const client = keyauth.client('1.3');
    await client.init();
    await client.request('license', { key: all.json.keys[0].key, hwid: 'H1' });
    const users = await seller({ type: 'fetchallusers' });
    expect(users.json.users[0]).toMatchObject({ username: all.json.keys[0].key, hwid: 'H1', banned: null });

    const stats = await seller({ type: 'stats' });
    expect(stats.json).toMatchObject({
      success: true,
      totalkeys: expect.stringMatching(/^\d+$/),
      unused: expect.any(String),
      used: '1',
      banned: '0',
      vars: '0',
    });
  });

  it('setvar and getvar on a user; retrvvar and editvar on an app variable', async () => {
    const user = (await seller({ type: 'fetchallusers' })).json.users[0].username;
    expect((await seller({ type: 'setvar', user, var: 'discord', data: '1234' })).json).toEqual({
      success: true,
      message: 'Successfully set variable!',
    });
    expect((await seller({ type: 'getvar', user, var: 'discord' })).json).toEqual({
      success: true,
      message: 'Successfully retrieved variable',
      response: '1234',
    });
    expect((await seller({ type: 'getvar', user, var: 'other' })).status).toBe(404);
    const made = await http('POST', adminPath('/variables'), {
      token: owner.token,
      body: { key: 'motd', value: 'hello' },
    });
    expect(made.status).toBe(201);
    expect((await seller({ type: 'retrvvar', name: 'motd' })).json).toEqual({ success: true, message: 'hello' });
    expect((await seller({ type: 'editvar', varid: 'motd', data: 'changed' })).json.success).toBe(true);
    expect((await seller({ type: 'retrvvar', name: 'motd' })).json.message).toBe('changed');
    expect((await seller({ type: 'retrvvar', name: 'nope' })).json).toEqual({
      success: false,
      message: 'Variable not found',
    });
  });

  it("adduser makes a user with a password and an expiry, by the console's username and password rules", async () => {
    const made = await seller({
      type: 'adduser',
      user: 'panel_user',
      sub: 'default',
      expiry: '3',
      pass: 'hunter2-hunter2',
    });
    expect(made.json).toEqual({ success: true, message: 'Successfully created user!' });
    const { rows } = await db().query('SELECT level, expires_at FROM users WHERE app_id = $1 AND username = $2', [
      app.appId,
      'panel_user',
    ]);
    expect(rows[0].level).toBe(1);
    expect(Math.abs(rows[0].expires_at.getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
    const again = await seller({ type: 'adduser', user: 'Panel_User', expiry: '3', pass: 'hunter2-hunter2' });
    expect([again.status, again.json.success]).toEqual([409, false]);
    expect((await seller({ type: 'adduser', user: 'another', expiry: '3' })).json.message).toBe('pass not set');
    expect((await seller({ type: 'adduser', user: 'a b', expiry: '3', pass: 'hunter2-hunter2' })).json.message).toMatch(
      /^username must be/,
    );
  });

  it('a POST form works as the query string does', async () => {
    const response = await fetch(`${BASE_URL}/api/seller/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sellerkey: sellerKey, type: 'stats' }).toString(),
    });
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });
});

describe("refusals, in KeyAuth's answer format", () => {
  const refusal = (message: string | RegExp) => ({
    success: false,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

  it('a wrong or malformed seller key, a missing or unserved type, bad fields', async () => {
    const wrong = await seller({ type: 'stats' }, { key: 'A'.repeat(32) });
    expect([wrong.status, wrong.json]).toEqual([404, refusal('Seller Key Not Found')]);
    expect((await seller({ type: 'stats' }, { key: 'short' })).status).toBe(404);
    expect((await seller({})).json).toEqual(refusal('Type not specified'));
    const unserved = await seller({ type: 'delalllicenses' });
    expect([unserved.status, unserved.json]).toEqual([400, refusal(/^delalllicenses is not offered by this server/)]);
    expect((await seller({ type: 'add', expiry: 'abc' })).json).toEqual(refusal(/^Expiry must be a number of days/));
    expect((await seller({ type: 'add', expiry: '1', amount: '101' })).json).toEqual(
      refusal('You can only generate 100 licenses at a time'),
    );
    expect((await seller({ type: 'add', expiry: '1', mask: 'AB-**' })).json).toEqual(
      refusal(/at least 8 random characters/),
    );
    expect((await seller({ type: 'add', expiry: '1', mask: 'A B ********' })).json).toEqual(refusal(/^Mask must be/));
    expect((await seller({ type: 'add', expiry: '1', level: 'high' })).json).toEqual(refusal(/^Level must be/));
    expect((await seller({ type: 'verify' })).json).toEqual(refusal('key not set'));
    expect((await seller({ type: 'setvar', user: 'all', var: 'a', data: 'b' })).status).toBe(400);
    expect((await seller({ type: 'verify', key: 'x'.repeat(3000) })).status).toBe(400);
  });

  it("another app's seller key reaches only its own app", async () => {
    const other = await createApp(owner, { name: 'Other Shop' });
    await enableKeyAuth(owner, other);
    const otherKey = await newSellerKey(other);
    const mine = (await seller({ type: 'add', expiry: '1' })).json.key;
    expect((await seller({ type: 'verify', key: mine }, { key: otherKey })).status).toBe(404);
    expect((await seller({ type: 'verify', key: mine })).status).toBe(200);
  });

  it('compatibility off refuses the key; rotating forgets the old key; revoking refuses every call', async () => {
    const off = await http('PUT', adminPath('/keyauth'), {
      token: owner.token,
      body: {
        enabled: false,
        ownerId: keyauth.ownerId,
        name: keyauth.name,
        versions: ['1.3', '1.2'],
        subscriptionNames: {},
        fetchOnline: false,
        selfBan: true,
        appVersion: null,
        downloadUrl: null,
      },
    });
    expect(off.status).toBe(200);
    const refused = await seller({ type: 'stats' });
    expect([refused.status, refused.json]).toEqual([403, refusal(/^KeyAuth compatibility is off/)]);
    await http('PUT', adminPath('/keyauth'), {
      token: owner.token,
      body: { ...off.body.data, enabled: true, publicKeyHex: undefined, secretSet: undefined, endpoints: undefined },
    });
    expect((await seller({ type: 'stats' })).status).toBe(200);

    const previous = sellerKey;
    sellerKey = await newSellerKey();
    expect((await seller({ type: 'stats' }, { key: previous })).status).toBe(404);
    expect((await seller({ type: 'stats' })).status).toBe(200);

    expect((await http('DELETE', adminPath('/keyauth/seller-key'), { token: owner.token })).status).toBe(200);
    expect((await seller({ type: 'stats' })).status).toBe(404);
    const again = await http('DELETE', adminPath('/keyauth/seller-key'), { token: owner.token });
    expect([again.status, again.body.data.exists]).toEqual([200, false]);
    sellerKey = await newSellerKey();
  });
});

describe('the audit log', () => {
  it('has one seller.<type> entry per call, by "seller API", never with the seller key', async () => {
    const logs = await http('GET', adminPath('/logs?type=seller&limit=100'), { token: owner.token });
    const entries = logs.body.data as { type: string; actor: string; details: Record<string, unknown> }[];
    const types = new Set(entries.map((entry) => entry.type));
    for (const type of ['seller.add', 'seller.resetuser', 'seller.verify', 'seller.del', 'seller.refused'])
      expect(types).toContain(type);
    expect(entries.every((entry) => entry.actor === 'seller API')).toBe(true);
    expect(JSON.stringify(logs.body)).not.toContain(sellerKey);
    const resets = entries.filter((entry) => entry.type === 'seller.resetuser');
    expect(resets.map((entry) => entry.details.outcome).sort()).toEqual(['failure', 'success']);
    // The change itself is the console's entry, made by the seller API.
    const changes = await http('GET', adminPath('/logs?type=admin.user.reset-hwid'), { token: owner.token });
    expect(changes.body.data[0].actor).toBe('seller API');
  });
});

describe('the rate limit', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, {
        TRUST_PROXY: 'true',
        KEYAUTH_SELLER_RATE_LIMIT_PER_MINUTE: '2',
      }),
    );
  }, 60_000);
  afterAll(() => api?.stop());

  it("refuses calls past the limit with 429, Retry-After and KeyAuth's words", async () => {
    // An app and a client IP of its own: the other tests' calls count toward no limit here.
    const limited = await createApp(owner, { name: 'Limited Shop' });
    await enableKeyAuth(owner, limited);
    const key = await newSellerKey(limited);
    const headers = { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
    const call = () => seller({ type: 'stats' }, { key, baseUrl: api.url, headers });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect([refused.status, refused.json]).toEqual([
      429,
      { success: false, message: 'Seller key used too frequently! Try again later.' },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
