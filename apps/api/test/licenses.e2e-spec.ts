import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import { createApp, createLicense, createLicenses, ownerWithApp, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { recordedEvents } from './support/reads.js';

const KEY = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}){3}$/;

const { owner, app } = ownerWithApp();
let base: string;
beforeAll(() => {
  base = `/v1/admin/apps/${app.appId}/licenses`;
});
afterAll(closeDb);

describe('license generation', () => {
  it('generates UNUSED keys with the given attributes', async () => {
    const res = await http('POST', base, {
      token: owner.token,
      body: { count: 3, durationType: '7d', level: 3, maxDevices: 2, note: 'batch A' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(3);
    for (const license of res.body.data) {
      expect(license).toEqual({
        id: expect.any(String),
        key: expect.stringMatching(KEY),
        appId: app.appId,
        status: 'UNUSED',
        durationType: '7d',
        level: 3,
        maxDevices: 2,
        prefix: null,
        note: 'batch A',
        createdAt: expect.stringMatching(/Z$/),
        activatedAt: null,
        expiresAt: null,
        userId: null,
        createdBy: owner.accountId,
        banReason: null,
        extraDays: 0,
        orderId: null,
      });
    }
    expect(new Set(res.body.data.map((l: { key: string }) => l.key)).size).toBe(3);
  });

  it('defaults to one key of level 1 and one device, and puts a prefix first', async () => {
    const res = await http('POST', base, { token: owner.token, body: { durationType: 'lifetime', prefix: 'ACME' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ level: 1, maxDevices: 1, prefix: 'ACME', durationType: 'lifetime' });
    expect(res.body.data[0].key).toMatch(/^ACME(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}){3}$/);
  });

  it('generates 100 distinct keys in one request', async () => {
    const own = await createApp(owner);
    const keys = await createLicenses(owner, own, { count: 100, durationType: '1d' });
    expect(new Set(keys.map((k) => k.key)).size).toBe(100);
  });

  it.each([
    [{}, 'durationType must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime'],
    [{ durationType: '2d' }, 'durationType must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime'],
    [{ durationType: '1d', count: 0 }, 'count must be between 1 and 100'],
    [{ durationType: '1d', count: 101 }, 'count must be between 1 and 100'],
    [{ durationType: '1d', count: 2.5 }, 'count must be an integer'],
    [{ durationType: '1d', level: -1 }, 'level must be between 0 and 1000'],
    [{ durationType: '1d', level: 1001 }, 'level must be between 0 and 1000'],
    [{ durationType: '1d', maxDevices: 0 }, 'maxDevices must be between 1 and 1000'],
    [{ durationType: '1d', prefix: 'BAD-PREFIX' }, 'prefix must be 1-16 characters of A-Z, a-z, 0-9'],
    [{ durationType: '1d', prefix: 'A'.repeat(17) }, 'prefix must be 1-16 characters of A-Z, a-z, 0-9'],
    [{ durationType: '1d', note: 'x'.repeat(501) }, 'note must be at most 500 characters'],
  ])('rejects %j with 400 and makes no key', async (body, message) => {
    const own = await createApp(owner);
    const res = await http('POST', `/v1/admin/apps/${own.appId}/licenses`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toContain(message);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM licenses WHERE app_id = $1', [own.appId]);
    expect(rows[0].n).toBe(0);
  });
});

describe('license admin routes', () => {
  it('lists with status, search, paging and total', async () => {
    const own = await createApp(owner);
    const p = `/v1/admin/apps/${own.appId}/licenses`;
    await createLicenses(owner, own, { count: 3, note: 'gold tier' });
    const [used] = await createLicenses(owner, own, { count: 2, note: 'silver' });
    await clientFor(own).license(used!.key);

    const all = await http('GET', `${p}?limit=2`, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 2, total: 5 });
    expect(all.body.data).toHaveLength(2);

    const unused = await http('GET', `${p}?status=UNUSED`, { token: owner.token });
    expect(unused.body.meta.total).toBe(4);
    const usedList = await http('GET', `${p}?status=USED`, { token: owner.token });
    expect(usedList.body.data.map((l: { key: string }) => l.key)).toEqual([used!.key]);

    expect((await http('GET', `${p}?search=GOLD`, { token: owner.token })).body.meta.total).toBe(3);
    const byKey = await http('GET', `${p}?search=${used!.key.slice(6, 11)}`, { token: owner.token });
    expect(byKey.body.data.map((l: { key: string }) => l.key)).toContain(used!.key);
    expect((await http('GET', `${p}?search=%25%25%25`, { token: owner.token })).body.meta.total).toBe(0);
    expect((await http('GET', `${p}?status=GONE`, { token: owner.token })).status).toBe(400);
  });

  it('gets and patches one license', async () => {
    const license = await createLicense(owner, app);
    const got = await http('GET', `${base}/${license.id}`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body.data.key).toBe(license.key);
    const patched = await http('PATCH', `${base}/${license.id}`, {
      token: owner.token,
      body: { note: 'vip', level: 5, maxDevices: 3 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ note: 'vip', level: 5, maxDevices: 3 });
    const bad = await http('PATCH', `${base}/${license.id}`, { token: owner.token, body: { level: 'high' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContain('level must be an integer');
  });

  it('bans with a reason: the key is refused and its user’s sessions end; unban restores it', async () => {
    const license = await createLicense(owner, app);
    const client = clientFor(app);
    const first = await client.license(license.key);
    expect(first.status).toBe(200);
    const ban = await http('POST', `${base}/${license.id}/ban`, { token: owner.token, body: { reason: 'chargeback' } });
    expect(ban.status).toBe(200);
    expect(ban.body.data).toMatchObject({ status: 'BANNED', banReason: 'chargeback' });
    expect((await client.check(first.body.data.sessionToken)).status).toBe(401);
    const refused = await client.license(license.key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('License is banned');

    const unban = await http('POST', `${base}/${license.id}/unban`, { token: owner.token });
    expect(unban.status).toBe(200);
    expect(unban.body.data).toMatchObject({ status: 'USED', banReason: null });
    expect((await client.license(license.key)).status).toBe(200);
  });

  it('records each change in the audit log with who and from where', async () => {
    const own = await createApp(owner);
    const license = await createLicense(owner, own);
    const p = `/v1/admin/apps/${own.appId}/licenses/${license.id}`;
    await http('PATCH', p, { token: owner.token, body: { note: 'n' } });
    await http('POST', `${p}/ban`, { token: owner.token, body: { reason: 'fraud' } });
    await http('POST', `${p}/unban`, { token: owner.token });
    await http('DELETE', p, { token: owner.token });
    const logs = await http('GET', `/v1/admin/apps/${own.appId}/logs?type=admin.license`, { token: owner.token });
    expect(logs.body.data.map((e: { type: string }) => e.type)).toEqual([
      'admin.license.delete',
      'admin.license.unban',
      'admin.license.ban',
      'admin.license.update',
      'admin.license.generate',
    ]);
    expect(logs.body.data[2]).toMatchObject({
      actor: owner.email,
      ip: '127.0.0.1',
      details: { licenseId: license.id, reason: 'fraud' },
    });
  });

  it('unbans a never-used key back to UNUSED', async () => {
    const license = await createLicense(owner, app);
    await http('POST', `${base}/${license.id}/ban`, { token: owner.token });
    const unban = await http('POST', `${base}/${license.id}/unban`, { token: owner.token });
    expect(unban.body.data.status).toBe('UNUSED');
  });

  it('deletes a license, ends its user’s sessions and records license.delete', async () => {
    const own = await createApp(owner);
    const license = await createLicense(owner, own);
    const session = await clientFor(own).license(license.key);
    const res = await http('DELETE', `/v1/admin/apps/${own.appId}/licenses/${license.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(
      (await http('GET', `/v1/admin/apps/${own.appId}/licenses/${license.id}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await clientFor(own).check(session.body.data.sessionToken)).status).toBe(401);
    const events = await recordedEvents(own.appId);
    expect(events.find((e) => e.name === 'license.delete')?.data).toEqual({
      licenseId: license.id,
      key: license.key,
      deletedBy: owner.email,
      appId: own.appId,
    });
  });

  it('exports CSV with the listed fields', async () => {
    const own = await createApp(owner);
    const licenses = await createLicenses(owner, own, { count: 2, note: '=cmd|calc, "quoted"' });
    const res = await http('GET', `/v1/admin/apps/${own.appId}/licenses/export`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,key,appId,status,durationType,level,maxDevices,prefix,note,createdAt,activatedAt,expiresAt,userId,createdBy,banReason',
    );
    expect(lines).toHaveLength(3);
    for (const license of licenses) expect(res.body).toContain(license.key);
    // Formula-looking notes are defused; quotes and commas are escaped.
    expect(lines[1]).toContain(`"'=cmd|calc, ""quoted"""`);
    const used = await http('GET', `/v1/admin/apps/${own.appId}/licenses/export?status=USED`, { token: owner.token });
    expect((used.body as string).trim().split('\r\n')).toHaveLength(1);
  });

  it('answers 401 without a token and 404 across tenants and for unknown ids', async () => {
    const license = await createLicense(owner, app);
    const intruder = await signupOwner();
    expect((await http('GET', base)).status).toBe(401);
    expect((await http('POST', base, { body: { durationType: '1d' } })).status).toBe(401);
    expect((await http('GET', `${base}/export`)).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['POST', base, { durationType: '1d' }],
      ['GET', `${base}/export`, undefined],
      ['GET', `${base}/${license.id}`, undefined],
      ['PATCH', `${base}/${license.id}`, { note: 'x' }],
      ['POST', `${base}/${license.id}/ban`, {}],
      ['POST', `${base}/${license.id}/unban`, undefined],
      ['DELETE', `${base}/${license.id}`, undefined],
    ] as const) {
      const res = await http(method, path, { token: intruder.token, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await http('GET', `${base}/not-an-id`, { token: owner.token })).status).toBe(404);
    expect((await http('GET', `${base}/${license.id}`, { token: owner.token })).status).toBe(200);
  });
});
