// KeyAuth compatibility (issue 26): a KeyAuth-style client (support/keyauth-client.ts) drives both
// protocol versions through a whole session, checking every answer as the official clients do.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedApp } from '@latchkey/contracts';
import {
  createApp,
  createLicense,
  createUser,
  insertSession,
  type Owner,
  patchApp,
  signupOwner,
} from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { send, uploadForm } from './support/files.js';
import { BASE_URL, http } from './support/http.js';
import { MAX_ANSWER_AGE_SECONDS, verify13, type KeyAuthVersion } from './support/keyauth-client.js';
import { enableKeyAuth, type KeyAuthApp } from './support/keyauth.js';

let owner: Owner;
let app: CreatedApp;
let keyauth: KeyAuthApp;
const MOTD = 'Grüße ✓ — 日本';

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'Compat Flow' });
  // Every call here comes from 127.0.0.1: the per-IP limit is keyauth-rules' to test.
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  keyauth = await enableKeyAuth(owner, app, { subscriptionNames: { '2': 'Prémium' } });
  const variable = await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: 'motd', value: MOTD },
  });
  expect(variable.status).toBe(201);
});
afterAll(closeDb);

/** Every byte of the body is ASCII: non-ASCII characters arrive escaped (`\uXXXX`). */
const isAscii = (body: string) => /^[\x20-\x7e]*$/.test(body);

/** How a client sends its fields: a url-encoded body, the query string, or multipart (PHP curl posting an array). */
type Transport = 'form' | 'query' | 'multipart';

describe.each<[KeyAuthVersion, Transport]>([
  ['1.3', 'form'],
  ['1.2', 'form'],
  ['1.3', 'query'],
  ['1.2', 'query'],
  ['1.3', 'multipart'],
  ['1.2', 'multipart'],
])('protocol %s, fields sent as %s', (version, transport) => {
  const inQuery = transport === 'query';
  const multipart = transport === 'multipart';
  it('init, license, var, getvar/setvar, check, log, fetchStats, logout: every answer signed and ASCII', async () => {
    const client = keyauth.client(version, { inQuery, multipart });
    const license = await createLicense(owner, app, { level: 2 });

    const init = await client.init({ ver: '1.0', hash: 'abc' });
    expect(init.status).toBe(200);
    expect(init.verified).toBe(true);
    expect(init.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(init.json).toMatchObject({
      success: true,
      message: 'Initialized',
      // 1.3 stores no unvalidated session: its id carries the app and the end (keyauth-session-ids.ts).
      sessionid: expect.stringMatching(version === '1.3' ? /^[0-9a-f]{72}$/ : /^[0-9a-f]{32}$/),
      newSession: true,
      appinfo: {
        numUsers: expect.any(String),
        numOnlineUsers: expect.any(String),
        numKeys: expect.any(String),
        version: '1.0.0',
        customerPanelLink: '',
      },
      nonce: expect.any(String),
    });
    if (version === '1.3') expect(init.json).toMatchObject({ ownerid: keyauth.ownerId, code: 68 });
    else expect(init.json).not.toHaveProperty('code');

    const auth = await client.request('license', { key: license.key, hwid: 'HWID-A' });
    expect(auth.verified).toBe(true);
    expect(auth.json).toMatchObject({
      success: true,
      message: 'Logged in!',
      info: {
        username: license.key,
        ip: expect.any(String),
        hwid: 'HWID-A',
        createdate: expect.stringMatching(/^\d+$/),
        lastlogin: expect.stringMatching(/^\d+$/),
        subscriptions: [
          {
            subscription: 'Prémium',
            key: license.key,
            expiry: expect.stringMatching(/^\d+$/),
            timeleft: expect.any(Number),
            level: '2',
          },
        ],
      },
    });
    const [subscription] = auth.json!.info.subscriptions;
    expect(Number(subscription.expiry) - Date.now() / 1000).toBeGreaterThan(29 * 86_400);
    expect(auth.body).toContain('Pr\\u00e9mium');
    expect(auth.json!.nonce).not.toBe(init.json!.nonce);

    const variable = await client.request('var', { varid: 'motd' });
    expect(variable.verified).toBe(true);
    expect(variable.json).toMatchObject({ success: true, message: MOTD });
    expect(isAscii(variable.body)).toBe(true);

    const set = await client.request('setvar', { var: 'theme', data: 'dark ☾' });
    expect([set.verified, set.json!.success]).toEqual([true, true]);
    const get = await client.request('getvar', { var: 'theme' });
    expect(get.verified).toBe(true);
    expect(get.json).toMatchObject({ success: true, response: 'dark ☾' });
    expect(isAscii(get.body)).toBe(true);

    const check = await client.request('check');
    expect([check.verified, check.json!.success]).toEqual([true, true]);

    const line = `started ${version} ${transport}`;
    const log = await client.request('log', { message: line, pcuser: 'alice' });
    expect([log.verified, log.json!.success]).toEqual([true, true]);
    const { rows } = await db().query(
      `SELECT actor, details->>'message' AS message FROM audit_log WHERE app_id = $1 AND type = 'client.log'
        AND details->>'message' = $2`,
      [app.appId, `[alice] ${line}`],
    );
    expect(rows).toEqual([{ actor: license.key, message: `[alice] ${line}` }]);

    const stats = await client.request('fetchStats');
    expect(stats.verified).toBe(true);
    expect(stats.json).toMatchObject({ success: true, appinfo: { numKeys: expect.stringMatching(/^\d+$/) } });

    const logout = await client.request('logout');
    expect([logout.verified, logout.json!.success]).toEqual([true, true]);
    const after = await client.request('check');
    expect(after.verified).toBe(true);
    expect(after.json).toMatchObject({ success: false, message: 'Session not found. Use latest client.' });
  });

  it('register then login with a password, upgrade with a key', async () => {
    const client = keyauth.client(version, { inQuery, multipart });
    const username = `ka_${version.replace('.', '')}_${transport[0]}_${Date.now().toString(36)}`;
    await client.init();
    const first = await createLicense(owner, app, { level: 1 });
    const register = await client.request('register', {
      username,
      pass: 'a good password',
      key: first.key,
      email: 'ignored@example.com',
      hwid: 'HW-R',
    });
    expect(register.verified).toBe(true);
    expect(register.json).toMatchObject({
      success: true,
      info: { username, subscriptions: [{ subscription: 'default', level: '1' }] },
    });

    await client.init();
    const wrong = await client.request('login', { username, pass: 'not it', hwid: 'HW-R' });
    expect([wrong.verified, wrong.json!.success, wrong.json!.message]).toEqual([true, false, 'Invalid username']);
    const login = await client.request('login', { username, pass: 'a good password', hwid: 'HW-R', code: '' });
    expect(login.verified).toBe(true);
    expect(login.json).toMatchObject({ success: true, message: 'Logged in!', info: { username } });
    // KeyAuth answers a login with the key the user activated, as register and license do.
    expect(login.json!.info.subscriptions[0].key).toBe(first.key);

    const better = await createLicense(owner, app, { level: 2 });
    const upgrade = await client.request('upgrade', { username, key: better.key });
    expect(upgrade.verified).toBe(true);
    expect(upgrade.json!.success).toBe(true);
    expect(Object.keys(upgrade.json!).sort()).toEqual(
      ['success', 'message', 'nonce', ...(version === '1.3' ? ['ownerid', 'code'] : [])].sort(),
    );
    const again = await client.request('login', { username, pass: 'a good password', hwid: 'HW-R' });
    expect(again.json!.info.subscriptions[0]).toMatchObject({ subscription: 'Prémium', level: '2', key: better.key });
  });
});

describe('what the official clients check', () => {
  it('refuses a 1.3 answer with a stale timestamp, and one whose body was changed', async () => {
    const client = keyauth.client('1.3');
    const init = await client.init();
    const signed = {
      body: init.body,
      signature: init.headers.get('x-signature-ed25519'),
      timestamp: init.headers.get('x-signature-timestamp'),
    };
    const at = Number(signed.timestamp);
    expect(verify13(keyauth.publicKeyHex, signed, at)).toBe(true);
    expect(verify13(keyauth.publicKeyHex, signed, at + MAX_ANSWER_AGE_SECONDS + 1)).toBe(false);
    expect(verify13(keyauth.publicKeyHex, { ...signed, body: signed.body.replace('true', 'false') }, at)).toBe(false);
  });

  it('signs 1.2 answers after init with enckey-secret, not the secret alone', async () => {
    const client = keyauth.client('1.2');
    await client.init();
    const check = await client.request('check');
    expect(check.verified).toBe(true);
    const alone = keyauth.client('1.2', { enckey: '' });
    alone.sessionId = client.sessionId;
    expect((await alone.request('check')).verified).toBe(false);
  });

  it('answers the plain KeyAuth_Invalid, unsigned, for an unknown pair, an app turned off or a version not accepted', async () => {
    const unknown = keyauth.client('1.3', { ownerId: 'Nobody0000' });
    const res = await unknown.init();
    expect([res.status, res.body, res.headers.get('x-signature-ed25519')]).toEqual([200, 'KeyAuth_Invalid', null]);

    const other = await createApp(owner);
    const onlyNew = await enableKeyAuth(owner, other, { versions: ['1.3'] });
    expect((await onlyNew.client('1.2').init()).body).toBe('KeyAuth_Invalid');
    expect((await onlyNew.client('1.3').init()).verified).toBe(true);
    await http('PUT', `/v1/admin/apps/${other.appId}/keyauth`, {
      token: owner.token,
      body: {
        enabled: false,
        ownerId: onlyNew.ownerId,
        name: onlyNew.name,
        versions: ['1.3'],
        subscriptionNames: {},
        fetchOnline: false,
        selfBan: true,
      },
    });
    expect((await onlyNew.client('1.3').init()).body).toBe('KeyAuth_Invalid');
  });

  it('takes multipart fields only: a file part, an over-long field or too many fields get the plain KeyAuth_Invalid', async () => {
    const url = `${BASE_URL}/api/1.3/`;
    const fields = (extra: (data: FormData) => void) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ type: 'init', name: keyauth.name, ownerid: keyauth.ownerId })) {
        data.append(name, value);
      }
      extra(data);
      return data;
    };
    const answer = async (body: FormData) => {
      const response = await fetch(url, { method: 'POST', body });
      return [response.status, await response.text()];
    };
    const [okStatus, okBody] = await answer(fields(() => {}));
    expect([okStatus, JSON.parse(okBody as string).message]).toEqual([200, 'Initialized']);

    const withFile = fields((data) => data.append('upload', new Blob(['payload']), 'payload.bin'));
    const overLong = fields((data) => data.append('message', 'x'.repeat(64 * 1024 + 1)));
    const many = fields((data) => {
      for (let i = 0; i < 64; i += 1) data.append(`f${i}`, 'v');
    });
    for (const [label, body] of Object.entries({ withFile, overLong, many })) {
      const [status, text] = await answer(body);
      expect([label, text]).toEqual([label, 'KeyAuth_Invalid']);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('answers GET with a query string, with or without the trailing slash', async () => {
    const client = keyauth.client('1.3');
    await client.init();
    const res = await client.request('check', {}, 'GET');
    expect(res.verified).toBe(true);
    const bare = await fetch(
      `${BASE_URL}/api/1.3?type=init&name=${encodeURIComponent(keyauth.name)}&ownerid=${keyauth.ownerId}`,
    );
    expect(JSON.parse(await bare.text())).toMatchObject({ success: true, message: 'Initialized' });
  });

  it('names a missing or refused field as the KeyAuth client sends it, in a signed success: false', async () => {
    const client = keyauth.client('1.3');
    await client.init();
    const noKey = await client.request('license', {});
    expect([noKey.status, noKey.verified, noKey.json!.success, noKey.json!.message]).toEqual([
      200,
      true,
      false,
      'key is required',
    ]);
    const noPass = await client.request('register', { username: 'someone_new', key: 'K' });
    expect(noPass.json!.message).toBe('pass is required');
    const hostile = await client.request('license', { key: 'K\u0000' });
    expect([hostile.status, hostile.verified, hostile.json!.success]).toEqual([200, true, false]);
  });

  it('compares ver with the app version and answers invalidver with the download link', async () => {
    const other = await createApp(owner);
    const versioned = await enableKeyAuth(owner, other, { appVersion: '2.0', downloadUrl: 'https://example.com/v2' });
    const client = versioned.client('1.3');
    const old = await client.init({ ver: '1.9' });
    expect(old.verified).toBe(true);
    expect(old.json).toMatchObject({ success: false, message: 'invalidver', download: 'https://example.com/v2' });
    expect((await client.init({ ver: '2.0' })).json!.success).toBe(true);
  });

  it('refuses session types on an unvalidated session and an unknown one, in KeyAuth’s words', async () => {
    const client = keyauth.client('1.3');
    await client.init();
    for (const type of ['check', 'var', 'getvar', 'setvar', 'log']) {
      const res = await client.request(type, { varid: 'motd', var: 'x', data: 'y', message: 'm' });
      expect([type, res.verified, res.json!.success, res.json!.message]).toEqual([
        type,
        true,
        false,
        'Session is not validated',
      ]);
    }
    client.sessionId = 'f'.repeat(32);
    const gone = await client.request('check');
    expect([gone.verified, gone.json!.message]).toEqual([true, 'Session not found. Use latest client.']);
  });

  it.each(['webhook', 'chatget', 'chatsend', 'forgot', '2faenable', '2fadisable'])(
    'refuses %s with success false and a message that says so',
    async (type) => {
      const client = keyauth.client('1.3');
      await client.init();
      const res = await client.request(type);
      expect([res.status, res.verified, res.json!.success]).toEqual([200, true, false]);
      expect(res.json!.message).toBe(`${type} is not offered by this server (Latchkey's KeyAuth compatibility)`);
    },
  );

  it('refuses a type it does not know before looking for the session', async () => {
    const client = keyauth.client('1.3');
    const unbound = await client.request('teleport');
    await client.init();
    const onSession = await client.request('teleport');
    for (const res of [unbound, onSession]) {
      expect([res.status, res.verified, res.json!.success, res.json!.message]).toEqual([
        200,
        true,
        false,
        'Unknown request type',
      ]);
    }
  });

  it('lists online users only when the app allows it, non-ASCII usernames escaped', async () => {
    const other = await createApp(owner);
    const closed = await enableKeyAuth(owner, other);
    const user = await createUser(owner, other);
    await db().query(`UPDATE users SET username = $2 WHERE id = $1`, [user.userId, 'Jürgen_ü']);
    await insertSession(other.appId, user.userId);
    const licensed = async (settings: KeyAuthApp) => {
      const client = settings.client('1.3');
      await client.init();
      const license = await createLicense(owner, other);
      expect((await client.request('license', { key: license.key })).json!.success).toBe(true);
      return client;
    };
    const refused = await (await licensed(closed)).request('fetchOnline');
    expect(refused.json).toMatchObject({ success: false, message: 'fetchOnline is turned off for this application' });

    const open = await enableKeyAuth(owner, other, { fetchOnline: true });
    const listed = await (await licensed(open)).request('fetchOnline');
    expect(listed.verified).toBe(true);
    expect(listed.json!.users).toEqual(expect.arrayContaining([{ credential: 'Jürgen_ü' }]));
    expect(listed.body).toContain('J\\u00fcrgen_\\u00fc');
    expect(isAscii(listed.body)).toBe(true);
  });

  it('file: the plaintext as hex, level rules applied, the download recorded', async () => {
    const bytes = Buffer.from('binary \u0000\u00ff payload ✓', 'utf8');
    const uploaded = await send(BASE_URL, 'POST', `/v1/admin/apps/${app.appId}/files`, owner.token, uploadForm(bytes));
    expect(uploaded.status).toBe(201);
    const gated = await send(
      BASE_URL,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(bytes, { minLevel: '5' }),
    );
    const client = keyauth.client('1.3');
    await client.init();
    await client.request('license', { key: (await createLicense(owner, app, { level: 1 })).key });
    const file = await client.request('file', { fileid: uploaded.body.data.fileId });
    expect(file.verified).toBe(true);
    expect(file.json).toMatchObject({ success: true, contents: bytes.toString('hex') });
    const refused = await client.request('file', { fileid: gated.body.data.fileId }, 'GET');
    expect([refused.verified, refused.json!.success, refused.json!.message]).toEqual([
      true,
      false,
      'Insufficient level',
    ]);
    const { rows } = await db().query(`SELECT downloads FROM files WHERE id = $1`, [uploaded.body.data.fileId]);
    expect(rows[0].downloads).toBe(1);
  });

  it('ban: the client bans its own user and blacklists its HWID and IP, unless the app turned it off', async () => {
    const other = await createApp(owner);
    const off = await enableKeyAuth(owner, other, { selfBan: false });
    const refusing = off.client('1.3');
    await refusing.init();
    await refusing.request('license', { key: (await createLicense(owner, other)).key, hwid: 'HW-TAMPER' });
    expect((await refusing.request('ban', { reason: 'debugger' })).json).toMatchObject({
      success: false,
      message: 'Client bans are turned off for this application',
    });

    const on = await enableKeyAuth(owner, other, { selfBan: true });
    const client = on.client('1.3');
    await client.init();
    const license = await createLicense(owner, other);
    await client.request('license', { key: license.key, hwid: 'HW-TAMPER' });
    const ban = await client.request('ban', { reason: 'debugger' });
    expect([ban.verified, ban.json!.success]).toEqual([true, true]);
    const { rows: users } = await db().query(
      `SELECT banned, ban_reason FROM users WHERE app_id = $1 AND username = $2`,
      [other.appId, license.key],
    );
    expect(users).toEqual([{ banned: true, ban_reason: 'debugger' }]);
    const { rows: entries } = await db().query(
      `SELECT type, value FROM blacklist_entries WHERE app_id = $1 ORDER BY type`,
      [other.appId],
    );
    expect(entries).toEqual([
      { type: 'hwid', value: 'HW-TAMPER' },
      { type: 'ip', value: expect.any(String) },
    ]);
    expect((await client.request('check')).json!.success).toBe(false);
  });

  it('changeUsername renames a password user and ends its session; a key user keeps its name', async () => {
    const client = keyauth.client('1.3');
    await client.init();
    const stamp = Date.now().toString(36);
    await client.request('register', {
      username: `before_${stamp}`,
      pass: 'password 1',
      key: (await createLicense(owner, app)).key,
    });
    const renamed = await client.request('changeUsername', { newUsername: `after_${stamp}` });
    expect([renamed.verified, renamed.json!.success]).toEqual([true, true]);
    expect((await client.request('check')).json!.success).toBe(false);
    await client.init();
    const login = await client.request('login', { username: `after_${stamp}`, pass: 'password 1' });
    expect(login.json).toMatchObject({ success: true, info: { username: `after_${stamp}` } });
    const invalid = await client.request('changeUsername', { newUsername: 'Jürgen' });
    expect(invalid.json).toMatchObject({ success: false });

    const keyUser = keyauth.client('1.2');
    await keyUser.init();
    await keyUser.request('license', { key: (await createLicense(owner, app)).key });
    const kept = await keyUser.request('changeUsername', { newUsername: `other_${stamp}` });
    expect([kept.verified, kept.json!.success, kept.json!.message]).toEqual([
      true,
      false,
      'A user who signs in with a key alone keeps the key as its username',
    ]);
  });
});
