// Replaced KeyAuth messages (issue 40): set per app through the admin API, answered (signed) to
// KeyAuth 1.3 and 1.2 clients from the cached app, in every API process; `/v1` keeps its own words.
// And the one version field (issue 41): KeyAuth's init compares `ver` with the app's version.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CreatedApp, KEYAUTH_MESSAGE_DEFAULTS } from '@latchkey/contracts';
import { clientFor } from './support/api.js';
import { createApp, createLicense, type Owner, patchApp, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { enableKeyAuth, type KeyAuthApp } from './support/keyauth.js';
import { secondApiProcess } from './support/second-api.js';

let owner: Owner;
let app: CreatedApp;
let keyauth: KeyAuthApp;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'KeyAuth Messages' });
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  keyauth = await enableKeyAuth(owner, app);
});
afterAll(closeDb);

const messagesUrl = (appId: string) => `/v1/admin/apps/${appId}/keyauth/messages`;
const readMessages = (appId: string, token = owner.token) => http('GET', messagesUrl(appId), { token });
const saveMessages = (appId: string, overrides: unknown, token = owner.token) =>
  http('PUT', messagesUrl(appId), { token, body: { overrides } });

/** A KeyAuth `license` call with a key the app does not have, after `init`: [signed, success, message]. */
async function unknownKeyAnswer(version: '1.3' | '1.2', baseUrl?: string) {
  const client = keyauth.client(version, baseUrl ? { baseUrl } : {});
  expect((await client.init()).json!.success).toBe(true);
  const answer = await client.request('license', { key: 'NO-SUCH-KEY-1234' });
  return [answer.verified, answer.json!.success, answer.json!.message];
}

describe('GET .../keyauth/messages', () => {
  it('answers every default and no replacement at first', async () => {
    const fresh = await createApp(owner);
    const res = await readMessages(fresh.appId);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ defaults: KEYAUTH_MESSAGE_DEFAULTS, overrides: {} });
  });

  it('is 401 without a token, 404 for another owner’s app', async () => {
    expect((await http('GET', messagesUrl(app.appId))).status).toBe(401);
    const stranger = await signupOwner();
    expect((await readMessages(app.appId, stranger.token)).status).toBe(404);
  });
});

describe('replaced messages reach KeyAuth clients', () => {
  it('answers 1.3 and 1.2 clients with the replacement, signed, then the default again once reset', async () => {
    for (const version of ['1.3', '1.2'] as const) {
      expect(await unknownKeyAnswer(version)).toEqual([true, false, 'Invalid license key']);
    }
    const saved = await saveMessages(app.appId, {
      keynotfound: 'Clé de licence invalide ✗',
      loggedInMsg: 'Bienvenue !',
      // Its default: the default, so not stored.
      keyused: KEYAUTH_MESSAGE_DEFAULTS.keyused,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.overrides).toEqual({ keynotfound: 'Clé de licence invalide ✗', loggedInMsg: 'Bienvenue !' });
    expect((await readMessages(app.appId)).body.data.overrides).toEqual(saved.body.data.overrides);

    for (const version of ['1.3', '1.2'] as const) {
      expect(await unknownKeyAnswer(version)).toEqual([true, false, 'Clé de licence invalide ✗']);
      const client = keyauth.client(version);
      await client.init();
      const license = await createLicense(owner, app);
      const loggedIn = await client.request('license', { key: license.key });
      expect([loggedIn.verified, loggedIn.json!.success, loggedIn.json!.message]).toEqual([true, true, 'Bienvenue !']);
      // Non-ASCII arrives escaped: the signed bytes are the same in any code page.
      expect(loggedIn.body).not.toMatch(/[^\x20-\x7e]/);
    }

    expect((await saveMessages(app.appId, {})).body.data.overrides).toEqual({});
    expect(await unknownKeyAnswer('1.3')).toEqual([true, false, 'Invalid license key']);
    const { rows } = await db().query(
      `SELECT details FROM audit_log WHERE app_id = $1 AND type = 'admin.keyauth.messages.update' ORDER BY created_at, id`,
      [app.appId],
    );
    expect(rows.map((row) => row.details.overrides)).toEqual([saved.body.data.overrides, {}]);
  });

  it('replaces the refusals of a disabled app, a banned user and an unvalidated session', async () => {
    const other = await createApp(owner);
    const compat = await enableKeyAuth(owner, other);
    await saveMessages(other.appId, { appdisabled: 'Fermé', sessionunauthed: 'Pas encore connecté' });
    const client = compat.client('1.3');
    await client.init();
    const check = await client.request('check');
    expect([check.verified, check.json!.message]).toEqual([true, 'Pas encore connecté']);
    expect((await patchApp(owner, other, { enabled: false })).status).toBe(200);
    const disabled = await client.init();
    expect([disabled.verified, disabled.json!.success, disabled.json!.message]).toEqual([true, false, 'Fermé']);
  });

  it('leaves /v1 its contract’s messages', async () => {
    await saveMessages(app.appId, { keynotfound: 'Clé de licence invalide' });
    try {
      const res = await clientFor(app).license('NO-SUCH-KEY-1234');
      expect([res.status, res.body.message]).toEqual([404, 'License key not found']);
    } finally {
      await saveMessages(app.appId, {});
    }
  });

  describe('across API processes', () => {
    const second = secondApiProcess();

    it('a change made through one process is answered by another that cached the app', async () => {
      // The second process caches the app's KeyAuth settings with this call.
      expect(await unknownKeyAnswer('1.3', second.url)).toEqual([true, false, 'Invalid license key']);
      await saveMessages(app.appId, { keynotfound: 'Schlüssel ungültig' });
      const answer = await eventually(() => unknownKeyAnswer('1.3', second.url), {
        until: ([, , message]) => message === 'Schlüssel ungültig',
        what: 'the second process to answer the replaced message',
      });
      expect(answer).toEqual([true, false, 'Schlüssel ungültig']);
      await saveMessages(app.appId, {});
    });
  });
});

describe('PUT .../keyauth/messages refusals', () => {
  const shape = 'overrides must map KeyAuth message names to texts of 1-256 characters without control characters';
  it.each([
    [{ nosuchmessage: 'x' }, shape],
    [{ keynotfound: '' }, shape],
    [{ keynotfound: 'x'.repeat(257) }, shape],
    // NUL is refused before validation, as in every admin body.
    [{ keynotfound: 'a\u0000b' }, 'overrides.keynotfound must not contain NUL or unpaired surrogate characters'],
    [{ keynotfound: 'two\nlines' }, shape],
    [{ keynotfound: 42 }, shape],
    [['keynotfound'], shape],
    [null, shape],
    [
      { loggedInMsg: 'Initialized' },
      'overrides.loggedInMsg must not be "Initialized": KeyAuth clients refuse a login answered with it (a replayed init)',
    ],
  ])('refuses %j with a 400 and changes nothing', async (overrides, message) => {
    const res = await saveMessages(app.appId, overrides);
    expect([res.status, res.body.success, res.body.message]).toEqual([400, false, message]);
    expect((await readMessages(app.appId)).body.data.overrides).toEqual({});
  });

  it('takes 256 characters', async () => {
    const other = await createApp(owner);
    const res = await saveMessages(other.appId, { keynotfound: 'é'.repeat(256) });
    expect(res.status).toBe(200);
  });
});

describe('one version field (issue 41)', () => {
  it('compares init’s ver with the app’s version when checkVersion is on, and follows a change of the app’s version', async () => {
    const other = await createApp(owner, { version: '3.1' });
    const compat = await enableKeyAuth(owner, other, { checkVersion: true, downloadUrl: 'https://example.com/new' });
    const settings = await http('GET', `/v1/admin/apps/${other.appId}/keyauth`, { token: owner.token });
    expect(settings.body.data).toMatchObject({ checkVersion: true, appVersion: '3.1' });
    const client = compat.client('1.3');
    expect((await client.init({ ver: '3.0' })).json).toMatchObject({ success: false, message: 'invalidver' });
    const ok = await client.init({ ver: '3.1' });
    expect([ok.json!.success, ok.json!.appinfo.version]).toEqual([true, '3.1']);
    expect((await patchApp(owner, other, { version: '3.2' })).status).toBe(200);
    expect((await client.init({ ver: '3.1' })).json!.message).toBe('invalidver');
    expect((await client.init({ ver: '3.2' })).json!.success).toBe(true);
    const v1 = await clientFor(other).init();
    expect(v1.body.data.version).toBe('3.2');
  });

  it('takes the deprecated appVersion for one release: it sets the app’s version and turns the check on', async () => {
    const other = await createApp(owner, { version: '1.0.0' });
    await enableKeyAuth(owner, other, { appVersion: '2.5' });
    const read = await http('GET', `/v1/admin/apps/${other.appId}`, { token: owner.token });
    expect(read.body.data.version).toBe('2.5');
    const settings = await http('GET', `/v1/admin/apps/${other.appId}/keyauth`, { token: owner.token });
    expect(settings.body.data).toMatchObject({ checkVersion: true, appVersion: '2.5' });
  });
});
