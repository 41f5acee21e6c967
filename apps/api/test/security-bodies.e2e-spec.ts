// Issue 23: bodies no route may choke on. Deeply nested JSON is refused
// before it is parsed, hostile keys and text are refused at any depth they
// can reach, `null` for a field that cannot be null is a 400 naming it, and
// no expiry can pass 9999-12-31.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';

const TOO_DEEP = 'Request body must not nest objects or arrays more than 16 levels deep';

let owner: Owner;
let app: Awaited<ReturnType<typeof createApp>>;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner);
});
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
