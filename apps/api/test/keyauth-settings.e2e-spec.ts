// The KeyAuth compatibility settings admin API (issue 26; the contract agreed with the console,
// briefs/keyauth-settings-api.md): GET/PUT .../keyauth, the 1.2 secret set and revealed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedApp, KeyAuthSettings } from '@latchkey/contracts';
import { createApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

let owner: Owner;
let app: CreatedApp;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'Compat Game' });
});
afterAll(closeDb);

const settingsUrl = (appId: string) => `/v1/admin/apps/${appId}/keyauth`;
const read = (appId: string, token = owner.token) => http('GET', settingsUrl(appId), { token });
const save = (appId: string, body: unknown, token = owner.token) => http('PUT', settingsUrl(appId), { token, body });

function settingsBody(overrides: Record<string, unknown> = {}) {
  return {
    enabled: true,
    ownerId: 'AbCdE12345',
    name: 'Compat Game',
    versions: ['1.3'],
    subscriptionNames: { '1': 'basic', '5': 'premium' },
    fetchOnline: true,
    selfBan: false,
    appVersion: '2.0',
    downloadUrl: 'https://example.com/download',
    ...overrides,
  };
}

async function auditTypes(appId: string): Promise<{ type: string; details: object }[]> {
  const { rows } = await db().query(
    `SELECT type, details FROM audit_log WHERE app_id = $1 AND type LIKE 'admin.keyauth.%' ORDER BY created_at, id`,
    [appId],
  );
  return rows;
}

describe('GET .../keyauth', () => {
  it('answers the defaults (off) with a generated ownerid kept from then on, the hex key and the URLs', async () => {
    const first = await read(app.appId);
    expect(first.status).toBe(200);
    const data: KeyAuthSettings = first.body.data;
    expect(data).toEqual({
      enabled: false,
      ownerId: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      name: 'Compat Game',
      versions: ['1.3', '1.2'],
      subscriptionNames: {},
      fetchOnline: false,
      selfBan: true,
      checkVersion: false,
      appVersion: null,
      downloadUrl: null,
      publicKeyHex: Buffer.from(app.publicKey, 'base64').toString('hex'),
      secretSet: false,
      endpoints: {
        v13: expect.stringMatching(/^http:\/\/.+\/api\/1\.3\/$/),
        v12: expect.stringMatching(/\/api\/1\.2\/$/),
      },
    });
    expect(data.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect((await read(app.appId)).body.data.ownerId).toBe(data.ownerId);
  });

  it('is 401 without a token, 404 for another owner’s app', async () => {
    expect((await http('GET', settingsUrl(app.appId))).status).toBe(401);
    const stranger = await signupOwner();
    const res = await read(app.appId, stranger.token);
    expect([res.status, res.body.message]).toEqual([404, 'Not found']);
  });
});

describe('PUT .../keyauth', () => {
  it('replaces every setting, generates the 1.2 secret on the first save, and audits the change', async () => {
    const mine = await createApp(owner);
    const res = await save(mine.appId, settingsBody({ ownerId: 'Save123456' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...settingsBody({ ownerId: 'Save123456' }), secretSet: true });
    expect((await read(mine.appId)).body.data).toMatchObject({ enabled: true, versions: ['1.3'] });
    const cleared = await save(
      mine.appId,
      settingsBody({ ownerId: 'Save123456', appVersion: null, downloadUrl: null }),
    );
    expect(cleared.body.data).toMatchObject({ appVersion: null, downloadUrl: null });
    const audit = await auditTypes(mine.appId);
    expect(audit.map((entry) => entry.type)).toEqual(['admin.keyauth.update', 'admin.keyauth.update']);
    expect(JSON.stringify(audit)).not.toMatch(/secret"/);
  });

  it.each([
    [{ ownerId: 'short' }, 'ownerId must be 10 characters of A-Z, a-z, 0-9'],
    [{ ownerId: 'has-dash-0' }, 'ownerId must be 10 characters of A-Z, a-z, 0-9'],
    [{ name: '' }, 'name must be 1-64 characters'],
    [{ versions: [] }, 'versions must be a non-empty list of distinct versions of: 1.3, 1.2'],
    [{ versions: ['1.3', '1.3'] }, 'versions must be a non-empty list of distinct versions of: 1.3, 1.2'],
    [{ versions: ['1.1'] }, 'versions must be a non-empty list of distinct versions of: 1.3, 1.2'],
    [{ subscriptionNames: { '0': 'zero' } }, expect.stringMatching(/^subscriptionNames must map levels 1-1000/)],
    [{ subscriptionNames: { '1001': 'x' } }, expect.stringMatching(/^subscriptionNames must map levels 1-1000/)],
    [{ subscriptionNames: { '1': '' } }, expect.stringMatching(/^subscriptionNames must map levels 1-1000/)],
    [{ subscriptionNames: ['basic'] }, expect.stringMatching(/^subscriptionNames must map levels 1-1000/)],
    [{ enabled: 'yes' }, 'enabled must be a boolean'],
    [{ fetchOnline: undefined }, 'fetchOnline must be a boolean'],
    [{ downloadUrl: 'ftp://example.com/x' }, 'downloadUrl must be an http or https URL'],
    [{ appVersion: '' }, 'appVersion must be 1-32 characters'],
    [{ checkVersion: 'yes' }, 'checkVersion must be a boolean'],
  ])('refuses %j with a 400 naming the field', async (change, message) => {
    const res = await save(app.appId, settingsBody({ ownerId: 'Refuse1234', ...change }));
    expect([res.status, res.body.success, res.body.message]).toEqual([400, false, message]);
  });

  it('answers 409 when another app uses the same ownerid and name, and changes nothing', async () => {
    const first = await createApp(owner);
    expect((await save(first.appId, settingsBody({ ownerId: 'Taken12345', name: 'Same' }))).status).toBe(200);
    const stranger = await signupOwner();
    const theirs = await createApp(stranger);
    const res = await save(theirs.appId, settingsBody({ ownerId: 'Taken12345', name: 'Same' }), stranger.token);
    expect([res.status, res.body.message]).toEqual([409, 'Another application already uses this ownerId and name']);
    expect((await read(theirs.appId, stranger.token)).body.data.enabled).toBe(false);
    // The same ownerid with another name is another pair.
    const other = await save(theirs.appId, settingsBody({ ownerId: 'Taken12345', name: 'Other' }), stranger.token);
    expect(other.status).toBe(200);
  });
});

describe('the 1.2 secret', () => {
  it('is set to a given value, revealed on request, rotated to a new random one, audited without its value', async () => {
    const mine = await createApp(owner);
    const url = `${settingsUrl(mine.appId)}/secret`;
    const none = await http('POST', `${url}/reveal`, { token: owner.token });
    expect(none.status).toBe(404);
    const chosen = 'ab'.repeat(32);
    const set = await http('POST', url, { token: owner.token, body: { secret: chosen.toUpperCase() } });
    expect([set.status, set.body.data]).toEqual([200, { secret: chosen }]);
    expect((await read(mine.appId)).body.data.secretSet).toBe(true);
    const revealed = await http('POST', `${url}/reveal`, { token: owner.token });
    expect([revealed.status, revealed.body.data]).toEqual([200, { secret: chosen }]);
    const rotated = await http('POST', url, { token: owner.token, body: {} });
    expect(rotated.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.data.secret).not.toBe(chosen);
    expect((await http('POST', `${url}/reveal`, { token: owner.token })).body.data).toEqual(rotated.body.data);
    // A save keeps the secret it finds.
    await save(mine.appId, settingsBody({ ownerId: 'Secret1234' }));
    expect((await http('POST', `${url}/reveal`, { token: owner.token })).body.data).toEqual(rotated.body.data);

    const audit = await auditTypes(mine.appId);
    expect(audit.map((entry) => entry.type)).toEqual([
      'admin.keyauth.secret.set',
      'admin.keyauth.secret.reveal',
      'admin.keyauth.secret.set',
      'admin.keyauth.secret.reveal',
      'admin.keyauth.update',
      'admin.keyauth.secret.reveal',
    ]);
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain(chosen);
    expect(logged).not.toContain(rotated.body.data.secret);
    const { rows } = await db().query(`SELECT secret_sealed FROM keyauth_apps WHERE app_id = $1`, [mine.appId]);
    expect(rows[0].secret_sealed.toString('latin1')).not.toContain(rotated.body.data.secret);
  });

  it.each([['short'], ['zz'.repeat(32)], [42]])('refuses the secret %j', async (secret) => {
    const res = await http('POST', `${settingsUrl(app.appId)}/secret`, { token: owner.token, body: { secret } });
    expect([res.status, res.body.message]).toEqual([400, 'secret must be 64 hexadecimal characters']);
  });
});
