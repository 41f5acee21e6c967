// Issue 23: bodies no route may choke on. Deeply nested JSON is refused
// before it is parsed, hostile keys and text are refused at any depth they
// can reach, `null` for a field that cannot be null is a 400 naming it, and
// no expiry can pass 9999-12-31.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createLicense, createUser, ownerWithApp, USER_PASSWORD, username } from './factories/index.js';
import { clientFor } from './support/api.js';
import { closeDb } from './support/db.js';
import { send, uploadForm } from './support/files.js';
import { BASE_URL, http } from './support/http.js';

const TOO_DEEP = 'Request body must not nest objects or arrays more than 16 levels deep';

const { owner, app } = ownerWithApp();
afterAll(closeDb);

/** `{"a":{"a":...{"a":leaf}}}` with `levels` objects. */
function nestedObject(levels: number, leaf: string): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

describe('deeply nested JSON', () => {
  const deepObject = nestedObject(10_000, '1');
  const deepArray = '['.repeat(170_000) + ']'.repeat(170_000);

  it.each([
    ['admin sign-in, no token', '/v1/admin/auth/login', false],
    ['owner sign-up', '/v1/admin/auth/signup', false],
    ['an authenticated admin route', '/v1/admin/apps', true],
    ['the client endpoint', '/v1', false],
  ])('is refused with 400 on %s, objects and arrays alike', async (_name, path, withToken) => {
    for (const body of [deepObject, deepArray]) {
      const res = await http('POST', path, { body, token: withToken ? owner.token : undefined });
      expect([res.status, res.body.success, res.body.message]).toEqual([400, false, TOO_DEEP]);
    }
  });

  it('is refused on PATCH routes too, and nothing changes', async () => {
    const res = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: `{"name":"renamed","x":${nestedObject(40, '1')}}`,
    });
    expect([res.status, res.body.message]).toEqual([400, TOO_DEEP]);
    const after = await http('GET', `/v1/admin/apps/${app.appId}`, { token: owner.token });
    expect(after.body.data.name).toBe(app.name);
  });

  it('keeps brackets inside strings out of the count', async () => {
    const res = await http('POST', '/v1', {
      body: JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey, junk: '[{'.repeat(100) + '\\"[' }),
    });
    expect(res.status).toBe(200);
  });

  it('accepts bodies up to the documented depth', async () => {
    const res = await http('POST', '/v1', {
      body: `{"type":"init","appId":"${app.appId}","apiKey":"${app.apiKey}","x":${nestedObject(15, '1')}}`,
    });
    expect(res.status).toBe(200);
  });
});

describe('hostile keys and text at every depth a body may have', () => {
  it('refuses a `constructor` key 15 levels down in /v1', async () => {
    const res = await http('POST', '/v1', {
      body: `{"type":"init","appId":"${app.appId}","apiKey":"${app.apiKey}","x":${nestedObject(14, '{"constructor":1}')}}`,
    });
    expect([res.status, res.body.message]).toEqual([400, 'constructor is not an allowed field name']);
  });

  it('refuses `constructor` in /v1 and NUL in an admin body 40 levels down, where the check used to stop looking', async () => {
    const client = await http('POST', '/v1', {
      body: `{"type":"init","appId":"${app.appId}","apiKey":"${app.apiKey}","x":${nestedObject(39, '{"constructor":1}')}}`,
    });
    const admin = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: `{"name":"x","x":${nestedObject(39, '"\\u0000"')}}`,
    });
    expect([client.status, client.body.message, admin.status, admin.body.message]).toEqual([
      400,
      TOO_DEEP,
      400,
      TOO_DEEP,
    ]);
  });

  it('refuses a NUL 15 levels down in an admin body', async () => {
    const res = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: `{"name":"x","x":${nestedObject(14, '"\\u0000"')}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^x(\.a){14} must not contain NUL or unpaired surrogate characters$/);
  });
});

describe('null for an optional field', () => {
  async function patch(path: string, body: Record<string, unknown>) {
    return http('PATCH', `/v1/admin/apps/${app.appId}${path}`, { token: owner.token, body });
  }

  it('is a 400 naming the field where the field cannot be null, and changes nothing', async () => {
    const variable = await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
      token: owner.token,
      body: { key: 'motd', value: 'hello' },
    });
    expect(variable.status).toBe(201);
    const license = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
      token: owner.token,
      body: { count: 1, durationType: '30d' },
    });
    const licenseId = license.body.data[0].id;
    const file = await send(
      BASE_URL,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(Buffer.from('x')),
    );
    expect(file.status).toBe(201);

    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['', { name: null }, 'name must be a string'],
      ['', { version: null }, 'version must be a string'],
      ['', { enabled: null }, 'enabled must be a boolean'],
      ['', { hwidLock: null }, 'hwidLock must be a boolean'],
      ['', { sessionTtlSeconds: null }, 'sessionTtlSeconds must be an integer'],
      ['/variables/motd', { value: null }, 'value must be a string'],
      ['/variables/motd', { minLevel: null }, 'minLevel must be an integer'],
      [`/licenses/${licenseId}`, { level: null }, 'level must be an integer'],
      [`/licenses/${licenseId}`, { maxDevices: null }, 'maxDevices must be an integer'],
      [`/files/${file.body.data.fileId}`, { name: null }, 'name must be a string'],
    ];
    for (const [path, body, message] of cases) {
      const res = await patch(path, body);
      expect([path, body, res.status, res.body.message]).toEqual([path, body, 400, message]);
    }
    const after = await http('GET', `/v1/admin/apps/${app.appId}`, { token: owner.token });
    expect(after.body.data).toMatchObject({ name: app.name, version: app.version, enabled: true, hwidLock: true });
  });

  it('clears the field where null means "none"', async () => {
    const withUrl = await patch('', { updateUrl: 'https://example.com/download' });
    expect(withUrl.body.data.updateUrl).toBe('https://example.com/download');
    const cleared = await patch('', { updateUrl: null });
    expect([cleared.status, cleared.body.data.updateUrl]).toEqual([200, null]);

    const generated = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
      token: owner.token,
      body: { count: 1, durationType: '1d', note: null },
    });
    expect([generated.status, generated.body.data[0].note]).toEqual([201, null]);
    const banned = await http('POST', `/v1/admin/apps/${app.appId}/licenses/${generated.body.data[0].id}/ban`, {
      token: owner.token,
      body: { reason: null },
    });
    expect([banned.status, banned.body.data.banReason]).toEqual([200, null]);
  });
});

describe('expiries stop at 9999-12-31T23:59:59.999Z', () => {
  const LATEST = '9999-12-31T23:59:59.999Z';

  it('refuses a user created past it, and an extension that would pass it, naming the field', async () => {
    for (const expiresAt of ['+010000-01-01T00:00:00.000Z', '9999-12-31T23:59:60.000Z']) {
      const res = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
        token: owner.token,
        body: { username: username(), password: USER_PASSWORD, expiresAt },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^expiresAt /);
    }
    const user = await createUser(owner, app, { expiresAt: LATEST });
    expect(user.expiresAt).toBe(LATEST);
    for (let i = 0; i < 3; i++) {
      const res = await http('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/extend`, {
        token: owner.token,
        body: { days: 36500 },
      });
      expect([res.status, res.body.message]).toEqual([400, `days would move expiresAt past ${LATEST}`]);
    }
    const after = await http('GET', `/v1/admin/apps/${app.appId}/users/${user.userId}`, { token: owner.token });
    expect([after.status, after.body.data.expiresAt]).toEqual([200, LATEST]);
  });

  it('lets an upgrade of a user near it succeed, stopping at it', async () => {
    const user = await createUser(owner, app, { expiresAt: '9999-12-20T00:00:00.000Z' });
    const license = await createLicense(owner, app, { durationType: '365d' });
    const res = await clientFor(app).upgrade(user.username, USER_PASSWORD, license.key);
    expect([res.status, res.body.data.user?.expiresAt]).toEqual([200, LATEST]);
  });
});
