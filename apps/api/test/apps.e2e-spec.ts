import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { clientFor } from './support/api.js';
import { createApp, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

afterAll(closeDb);

describe('applications', () => {
  it('creates an app with its API key shown once and an Ed25519 public key', async () => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'Game' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      appId: expect.any(String),
      name: 'Game',
      version: '1.0.0',
      updateUrl: null,
      enabled: true,
      hwidLock: true,
      sessionTtlSeconds: 86400,
      sessionIdleSeconds: 1800,
      rateLimitPerMinute: 60,
      offlineTicketSeconds: 0,
      publicKey: expect.any(String),
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      apiKey: expect.stringMatching(/^lk_/),
    });
    expect(Buffer.from(res.body.data.publicKey, 'base64')).toHaveLength(32);

    const got = await http('GET', `/v1/admin/apps/${res.body.data.appId}`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body.data.apiKey).toBeUndefined();
    expect(got.body.data.publicKey).toBe(res.body.data.publicKey);
  });

  it('stores the API key as a hash and the signing key sealed', async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    const { rows } = await db().query('SELECT api_key_hash, private_key_sealed FROM apps WHERE id = $1', [app.appId]);
    expect(Buffer.from(rows[0].api_key_hash)).toEqual(createHash('sha256').update(app.apiKey).digest());
    // PKCS#8 Ed25519 keys start with this DER header; the sealed bytes must not contain it.
    expect(Buffer.from(rows[0].private_key_sealed).includes(Buffer.from('302e020100300506032b6570', 'hex'))).toBe(
      false,
    );
  });

  it.each([
    [{}, 'name must be a string'],
    [{ name: '' }, 'name must be 1-64 characters'],
    [{ name: 'x'.repeat(65) }, 'name must be 1-64 characters'],
    [{ name: 'ok', version: '' }, 'version must be 1-32 characters'],
    [{ name: 'ok', updateUrl: 'ftp://example.com/x' }, 'updateUrl must be an http or https URL'],
    [{ name: 'ok', updateUrl: 42 }, 'updateUrl must be a string'],
  ])('rejects invalid create body %j with 400', async (body, message) => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/apps', { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
    const list = await http('GET', '/v1/admin/apps', { token: owner.token });
    expect(list.body.meta.total).toBe(0);
  });

  it('requires a bearer token on every app route', async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    for (const [method, path] of [
      ['POST', '/v1/admin/apps'],
      ['GET', '/v1/admin/apps'],
      ['GET', `/v1/admin/apps/${app.appId}`],
      ['PATCH', `/v1/admin/apps/${app.appId}`],
      ['POST', `/v1/admin/apps/${app.appId}/api-key/rotate`],
      ['DELETE', `/v1/admin/apps/${app.appId}`],
    ] as const) {
      const res = await http(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('lists only the caller’s apps, newest first, with paging', async () => {
    const owner = await signupOwner();
    const other = await signupOwner();
    await createApp(other, { name: 'Theirs' });
    for (const name of ['A', 'B', 'C']) await createApp(owner, { name });
    const page = await http('GET', '/v1/admin/apps?limit=2&page=1', { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(page.body.data.map((a: { name: string }) => a.name)).toEqual(['C', 'B']);
    const next = await http('GET', '/v1/admin/apps?limit=2&page=2', { token: owner.token });
    expect(next.body.data.map((a: { name: string }) => a.name)).toEqual(['A']);
    expect(JSON.stringify(page.body)).not.toContain('apiKey');
  });

  it('answers 404 for another owner’s app on every route', async () => {
    const owner = await signupOwner();
    const intruder = await signupOwner();
    const app = await createApp(owner);
    const base = `/v1/admin/apps/${app.appId}`;
    expect((await http('GET', base, { token: intruder.token })).status).toBe(404);
    expect((await http('PATCH', base, { token: intruder.token, body: { name: 'x' } })).status).toBe(404);
    expect((await http('POST', `${base}/api-key/rotate`, { token: intruder.token })).status).toBe(404);
    expect((await http('DELETE', base, { token: intruder.token })).status).toBe(404);
    expect((await http('GET', base, { token: owner.token })).body.data.name).toBe('Test App');
    expect((await http('GET', '/v1/admin/apps/not-a-uuid', { token: owner.token })).status).toBe(404);
  });

  it('patches settings, validates them, and the client endpoint sees them at once', async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    const client = clientFor(app);
    expect((await client.init()).body.data.name).toBe('Test App');

    const res = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: {
        name: 'Renamed',
        version: '2.1.0',
        updateUrl: 'https://example.com/dl',
        hwidLock: false,
        sessionTtlSeconds: 3600,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      version: '2.1.0',
      updateUrl: 'https://example.com/dl',
      hwidLock: false,
      sessionTtlSeconds: 3600,
      enabled: true,
    });
    expect((await client.init()).body.data).toEqual({
      name: 'Renamed',
      version: '2.1.0',
      updateUrl: 'https://example.com/dl',
    });

    for (const body of [
      { sessionTtlSeconds: 10 },
      { sessionIdleSeconds: 'long' },
      { enabled: 'yes' },
      { rateLimitPerMinute: -1 },
      { name: '' },
    ]) {
      const bad = await http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body });
      expect([body, bad.status]).toEqual([body, 400]);
    }
    const cleared = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      token: owner.token,
      body: { updateUrl: null },
    });
    expect(cleared.body.data.updateUrl).toBeNull();
  });

  it('rotates the API key: the new one works and the old one stops at once', async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    expect((await clientFor(app).init()).status).toBe(200);
    const res = await http('POST', `/v1/admin/apps/${app.appId}/api-key/rotate`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ apiKey: expect.stringMatching(/^lk_/) });
    const old = await clientFor(app).init();
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid application credentials');
    expect((await clientFor({ ...app, apiKey: res.body.data.apiKey }).init()).status).toBe(200);
  });

  it('deletes an app: it is gone from the admin API and the client endpoint', async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    expect((await clientFor(app).init()).status).toBe(200);
    expect((await http('DELETE', `/v1/admin/apps/${app.appId}`, { token: owner.token })).status).toBe(200);
    expect((await http('GET', `/v1/admin/apps/${app.appId}`, { token: owner.token })).status).toBe(404);
    const init = await clientFor({ appId: app.appId, apiKey: app.apiKey }).init();
    expect(init.status).toBe(401);
  });
});
