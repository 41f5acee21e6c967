// Issue 8: hostile input on every route, the banned-license rule on every
// authenticating type, `upgrade` with a password, and security headers.
import { afterAll, describe, expect, it } from '@jest/globals';
import { verifySignature } from '@latchkey/sdk';
import { createLicense, ownerWithApp } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http, type HttpResult } from './support/http.js';

const PASSWORD = 'hunter22';
const { owner, app } = ownerWithApp();
afterAll(closeDb);

/** POST /v1 with a raw body (a string is sent as is); checks the answer is signed with the app's key. */
async function v1(body: Record<string, unknown> | string): Promise<HttpResult> {
  const fields = typeof body === 'string' ? body : JSON.stringify({ appId: app.appId, apiKey: app.apiKey, ...body });
  const res = await http('POST', '/v1', { body: fields });
  const signature = res.headers.get('x-signature-ed25519');
  const timestamp = res.headers.get('x-signature-timestamp');
  expect(signature && timestamp).toBeTruthy();
  expect(verifySignature(app.publicKey, timestamp!, JSON.stringify(res.body), signature!)).toBe(true);
  return res;
}

async function count(table: string): Promise<number> {
  const { rows } = await db().query(`SELECT count(*)::int AS n FROM ${table} WHERE app_id = $1`, [app.appId]);
  return rows[0].n;
}

describe('validation cannot be switched off by the body', () => {
  it('refuses a `constructor` key and stores nothing, where it used to skip every check', async () => {
    const license = await createLicense(owner, app);
    const before = await count('users');
    const res = await v1({
      type: 'register',
      constructor: 1,
      username: { not: 'a string' },
      password: 'x',
      licenseKey: license.key,
    });
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, message: 'constructor is not an allowed field name', data: {} },
    ]);
    expect(await count('users')).toBe(before);
  });

  it.each(['__proto__', 'prototype'])('refuses a `%s` key, even nested', async (key) => {
    const raw = `{"type":"init","appId":"${app.appId}","apiKey":"${app.apiKey}","x":{"${key}":{"level":9}}}`;
    const res = await v1(raw);
    expect([res.status, res.body.message]).toEqual([400, `${key} is not an allowed field name`]);
  });

  it('checks types before use: non-string passwords, keys and tokens are 400, not 500', async () => {
    const license = await createLicense(owner, app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { type: 'register', username: 'typed_user', password: 123456, licenseKey: license.key },
        'password must be a string',
      ],
      [{ type: 'login', username: ['a'], password: PASSWORD }, 'username must be a string'],
      [{ type: 'license', licenseKey: { $ne: null } }, 'licenseKey must be a string'],
      [{ type: 'check', sessionToken: 42 }, 'sessionToken must be a string'],
      [{ type: 'log', sessionToken: 'x', message: 'x'.repeat(5000) }, 'message must be 1-2000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await v1(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('ignores fields a type does not declare', async () => {
    const res = await v1({ type: 'init', level: 1000, isAdmin: true });
    expect(res.status).toBe(200);
  });
});

describe('NUL characters and lone surrogates answer 400 naming the field', () => {
  it.each([
    ['username', { type: 'login', username: 'a\u0000b', password: PASSWORD }],
    ['hwid', { type: 'license', licenseKey: 'K', hwid: 'hw\ud800' }],
    ['licenseKey', { type: 'license', licenseKey: 'K\u0000' }],
    ['key', { type: 'var', sessionToken: 'x', key: '\udfff' }],
    ['message', { type: 'log', sessionToken: 'x', message: 'line\u0000' }],
  ])('on /v1: %s', async (field, body) => {
    const res = await v1(body);
    expect([res.status, res.body.message]).toEqual([
      400,
      `${field} must not contain NUL or unpaired surrogate characters`,
    ]);
  });

  it('on admin routes: bodies and query strings', async () => {
    const base = `/v1/admin/apps/${app.appId}`;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/v1/admin/apps', { name: 'bad\u0000name' }, 'name'],
      ['PATCH', base, { name: '\ud800' }, 'name'],
      ['POST', `${base}/variables`, { key: 'v1', value: 'x\u0000' }, 'value'],
      ['POST', `${base}/blacklist`, { type: 'username', value: 'bo\u0000b' }, 'value'],
      ['POST', `${base}/licenses`, { count: 1, durationType: '1d', note: '\udc00' }, 'note'],
      ['GET', `${base}/licenses?search=%00`, undefined, 'search'],
      ['GET', `${base}/users?search=a%00`, undefined, 'search'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await http(method, path, { token: owner.token, body });
      expect([res.status, res.body.success, res.body.message]).toEqual([
        400,
        false,
        `${field} must not contain NUL or unpaired surrogate characters`,
      ]);
    }
    expect(
      (await http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'x', constructor: {} } })).body.message,
    ).toBe('constructor is not an allowed field name');
  });
});

describe('upgrade', () => {
  async function registeredUser(level: number) {
    const license = await createLicense(owner, app, { level, durationType: '30d' });
    const username = `up_${Math.random().toString(36).slice(2, 10)}`;
    const res = await v1({ type: 'register', username, password: PASSWORD, licenseKey: license.key });
    expect(res.status).toBe(200);
    return { username, userId: res.body.data.user.userId as string };
  }

  it('requires the password, answering a wrong one like login', async () => {
    const { username } = await registeredUser(1);
    const key = await createLicense(owner, app, { level: 5 });
    expect((await v1({ type: 'upgrade', username, licenseKey: key.key })).body.message).toBe('password is required');
    const wrong = await v1({ type: 'upgrade', username, password: 'not-it', licenseKey: key.key });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid username or password']);
    const unknown = await v1({ type: 'upgrade', username: 'nobody_at_all', password: PASSWORD, licenseKey: key.key });
    expect([unknown.status, unknown.body.message]).toEqual([401, 'Invalid username or password']);
    const { rows } = await db().query('SELECT status FROM licenses WHERE id = $1', [key.id]);
    expect(rows[0].status).toBe('UNUSED');
  });

  it('never lowers the level', async () => {
    const { username } = await registeredUser(7);
    const lower = await createLicense(owner, app, { level: 2 });
    const res = await v1({ type: 'upgrade', username, password: PASSWORD, licenseKey: lower.key });
    expect([res.status, res.body.data.user.level]).toEqual([200, 7]);
  });

  it('refuses a banned user and a user holding a banned license', async () => {
    const banned = await registeredUser(1);
    await http('POST', `/v1/admin/apps/${app.appId}/users/${banned.userId}/ban`, { token: owner.token, body: {} });
    const key = await createLicense(owner, app);
    const res = await v1({ type: 'upgrade', username: banned.username, password: PASSWORD, licenseKey: key.key });
    expect([res.status, res.body.message]).toEqual([403, 'User is banned']);

    const holder = await registeredUser(1);
    const { rows } = await db().query(`SELECT id FROM licenses WHERE user_id = $1`, [holder.userId]);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${rows[0].id}/ban`, { token: owner.token, body: {} });
    const refused = await v1({ type: 'upgrade', username: holder.username, password: PASSWORD, licenseKey: key.key });
    expect([refused.status, refused.body.message]).toEqual([403, 'License is banned']);
  });
});

describe('a user with any banned license is refused by every authenticating type', () => {
  it('license: on the cached path and the full path, whichever key was presented', async () => {
    const key = await createLicense(owner, app, { durationType: '30d' });
    const first = await v1({ type: 'license', licenseKey: key.key });
    expect(first.status).toBe(200);
    expect((await v1({ type: 'license', licenseKey: key.key })).status).toBe(200); // now cached
    const userId = first.body.data.user.userId;
    // A second key of the same user, banned by the owner.
    const other = await createLicense(owner, app);
    await db().query(`UPDATE licenses SET status = 'USED', user_id = $2, activated_at = now() WHERE id = $1`, [
      other.id,
      userId,
    ]);
    const ban = await http('POST', `/v1/admin/apps/${app.appId}/licenses/${other.id}/ban`, {
      token: owner.token,
      body: {},
    });
    expect(ban.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await v1({ type: 'license', licenseKey: key.key });
      expect([res.status, res.body.message]).toEqual([403, 'License is banned']);
    }
  });
});

describe('null for an optional integer', () => {
  it.each(['sessionTtlSeconds', 'sessionIdleSeconds', 'rateLimitPerMinute', 'offlineTicketSeconds'])(
    'PATCH app %s: null is 400, not a NOT NULL violation',
    async (field) => {
      const res = await http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body: { [field]: null } });
      expect([res.status, res.body.message]).toEqual([400, `${field} must be an integer`]);
    },
  );
});

describe('URLs the router cannot read', () => {
  it("answer the contract's error body with the usual headers", async () => {
    const res = await http('GET', `/v1/admin/apps/%C0%80`, { token: owner.token });
    expect([res.status, res.body]).toEqual([400, { success: false, code: 'MALFORMED_URL', message: 'Malformed URL' }]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('headers', () => {
  it('every answer has nosniff and no-referrer; API answers are never cached', async () => {
    const res = await http('POST', '/v1/admin/auth/signup', {
      body: { email: `h-${Math.random().toString(36).slice(2)}@example.com`, password: 'a long password' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const client = await http('POST', '/v1', { body: { type: 'init', appId: app.appId, apiKey: app.apiKey } });
    expect(client.headers.get('cache-control')).toBe('no-store');
    const health = await http('GET', '/health');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
