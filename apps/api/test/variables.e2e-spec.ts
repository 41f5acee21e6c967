import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ownerWithApp, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';

const { owner, app } = ownerWithApp();
let base: string;
beforeAll(() => {
  base = `/v1/admin/apps/${app.appId}/variables`;
});
afterAll(closeDb);

describe('variables admin', () => {
  it('creates, lists, gets, patches and deletes a variable', async () => {
    const created = await http('POST', base, { token: owner.token, body: { key: 'download.url', value: 'v1' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      key: 'download.url',
      value: 'v1',
      minLevel: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await http('GET', base, { token: owner.token });
    expect(list.body.meta.total).toBe(1);
    expect((await http('GET', `${base}/download.url`, { token: owner.token })).body.data.value).toBe('v1');
    const patched = await http('PATCH', `${base}/download.url`, {
      token: owner.token,
      body: { value: 'v2', minLevel: 3 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ value: 'v2', minLevel: 3 });
    expect((await http('DELETE', `${base}/download.url`, { token: owner.token })).status).toBe(200);
    expect((await http('GET', `${base}/download.url`, { token: owner.token })).status).toBe(404);
    const logs = await http('GET', `/v1/admin/apps/${app.appId}/logs?type=admin.variable`, { token: owner.token });
    expect(logs.body.data.map((e: { type: string; actor: string }) => [e.type, e.actor])).toEqual([
      ['admin.variable.delete', owner.email],
      ['admin.variable.update', owner.email],
      ['admin.variable.create', owner.email],
    ]);
  });

  it('keeps updatedAt when a patch changes nothing, and moves it with the value', async () => {
    const created = await http('POST', base, { token: owner.token, body: { key: 'stamp', value: 'a', minLevel: 2 } });
    const same = await http('PATCH', `${base}/stamp`, { token: owner.token, body: { value: 'a', minLevel: 2 } });
    expect(same.body.data.updatedAt).toBe(created.body.data.updatedAt);
    const changed = await http('PATCH', `${base}/stamp`, { token: owner.token, body: { value: 'b' } });
    expect(changed.body.data).toMatchObject({ value: 'b', minLevel: 2 });
    expect(Date.parse(changed.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.data.updatedAt));
  });

  it('refuses a duplicate key with 409', async () => {
    await http('POST', base, { token: owner.token, body: { key: 'dup', value: 'a' } });
    const again = await http('POST', base, { token: owner.token, body: { key: 'dup', value: 'b' } });
    expect([again.status, again.body.message]).toEqual([409, 'Variable already exists']);
  });

  it.each([
    [{ value: 'x' }, 'key must be a string'],
    [{ key: 'bad key', value: 'x' }, 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -'],
    [{ key: 'k'.repeat(65), value: 'x' }, 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -'],
    [{ key: 'ok' }, 'value must be a string'],
    [{ key: 'ok', value: 'x'.repeat(65_537) }, 'value must be at most 64 KiB'],
    [{ key: 'ok', value: 'x', minLevel: -1 }, 'minLevel must be between 0 and 1000'],
  ])('rejects %j with 400', async (body, message) => {
    const res = await http('POST', base, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
  });

  it('answers 401 without a token and 404 across tenants', async () => {
    await http('POST', base, { token: owner.token, body: { key: 'secret', value: 's' } });
    const intruder = await signupOwner();
    expect((await http('GET', base)).status).toBe(401);
    expect((await http('GET', base, { token: intruder.token })).status).toBe(404);
    expect((await http('GET', `${base}/secret`, { token: intruder.token })).status).toBe(404);
    expect((await http('PATCH', `${base}/secret`, { token: intruder.token, body: { value: 'x' } })).status).toBe(404);
    expect((await http('DELETE', `${base}/secret`, { token: intruder.token })).status).toBe(404);
    expect((await http('POST', base, { token: intruder.token, body: { key: 'k', value: 'v' } })).status).toBe(404);
  });
});
