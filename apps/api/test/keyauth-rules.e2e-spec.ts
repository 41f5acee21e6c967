// KeyAuth compatibility (issue 26): Latchkey's rules hold through the KeyAuth door, each answered in
// KeyAuth's default words and signed: device limit, HWID, bans, expiry, blacklist, races, rate limits.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedApp } from '@latchkey/contracts';
import { createApp, createLicense, patchApp, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import type { KeyAuthClient } from './support/keyauth-client.js';
import { enableKeyAuth, type KeyAuthApp } from './support/keyauth.js';

let owner: Owner;
let app: CreatedApp;
let keyauth: KeyAuthApp;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner, { name: 'Compat Rules' });
  // Every call here comes from 127.0.0.1: the per-IP limit has its own test, on its own app.
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  keyauth = await enableKeyAuth(owner, app);
});
afterAll(closeDb);

/** A 1.3 client with a session open (and a 1.2 one every other call, so both doors are exercised). */
let opened = 0;
async function initialized(settings = keyauth): Promise<KeyAuthClient> {
  opened += 1;
  const client = settings.client(opened % 2 === 0 ? '1.2' : '1.3');
  const init = await client.init();
  expect([init.verified, init.json?.success]).toEqual([true, true]);
  return client;
}

/** The answer's verdict: signed as the client checks it, success, message. */
const verdict = (answer: { verified: boolean; json: Record<string, any> | null }) => [
  answer.verified,
  answer.json?.success,
  answer.json?.message,
];

describe('the Latchkey rules through the KeyAuth door', () => {
  it('a device limit of one: a second login ends the oldest session', async () => {
    const license = await createLicense(owner, app, { maxDevices: 1 });
    const first = await initialized();
    expect((await first.request('license', { key: license.key, hwid: 'HW-1' })).json!.success).toBe(true);
    expect((await first.request('check')).json!.success).toBe(true);
    const second = await initialized();
    expect((await second.request('license', { key: license.key, hwid: 'HW-1' })).json!.success).toBe(true);
    expect(verdict(await first.request('check'))).toEqual([true, false, 'Session not found. Use latest client.']);
    expect((await second.request('check')).json!.success).toBe(true);
  });

  it('an idle session times out as on /v1', async () => {
    const license = await createLicense(owner, app);
    const client = await initialized();
    expect((await client.request('license', { key: license.key })).json!.success).toBe(true);
    await db().query(
      `UPDATE sessions SET last_seen_at = now() - interval '1 day'
        WHERE user_id = (SELECT id FROM users WHERE app_id = $1 AND username = $2)`,
      [app.appId, license.key],
    );
    expect(verdict(await client.request('check'))).toEqual([true, false, 'Session not found. Use latest client.']);
  });

  it('a HWID mismatch is refused with KeyAuth’s words', async () => {
    const license = await createLicense(owner, app);
    expect((await (await initialized()).request('license', { key: license.key, hwid: 'HW-A' })).json!.success).toBe(
      true,
    );
    const other = await (await initialized()).request('license', { key: license.key, hwid: 'HW-B' });
    expect(verdict(other)).toEqual([true, false, "HWID doesn't match. Ask for a HWID reset"]);
  });

  it('a banned key ends its session and is refused; an unknown key is invalid', async () => {
    const license = await createLicense(owner, app);
    const client = await initialized();
    expect((await client.request('license', { key: license.key })).json!.success).toBe(true);
    const ban = await http('POST', `/v1/admin/apps/${app.appId}/licenses/${license.id}/ban`, {
      token: owner.token,
      body: { reason: 'shared' },
    });
    expect(ban.status).toBe(200);
    expect(verdict(await client.request('check'))).toEqual([true, false, 'Session not found. Use latest client.']);
    const again = await (await initialized()).request('license', { key: license.key });
    expect(verdict(again)).toEqual([true, false, 'Your license is banned']);
    const unknown = await (await initialized()).request('license', { key: 'NOPE-AAAAA-BBBBB-CCCCC' });
    expect(verdict(unknown)).toEqual([true, false, 'Invalid license key']);
  });

  it('a banned user is refused at login', async () => {
    const client = await initialized();
    const license = await createLicense(owner, app);
    const username = `banned_${Date.now().toString(36)}`;
    const registered = await client.request('register', { username, pass: 'password 1', key: license.key });
    expect(registered.json!.success).toBe(true);
    const { rows } = await db().query(`SELECT id FROM users WHERE app_id = $1 AND username = $2`, [
      app.appId,
      username,
    ]);
    const ban = await http('POST', `/v1/admin/apps/${app.appId}/users/${rows[0].id}/ban`, { token: owner.token });
    expect(ban.status).toBe(200);
    const login = await (await initialized()).request('login', { username, pass: 'password 1' });
    expect(verdict(login)).toEqual([true, false, 'The user is banned']);
  });

  it('an expired key has no active subscription', async () => {
    const license = await createLicense(owner, app);
    expect((await (await initialized()).request('license', { key: license.key })).json!.success).toBe(true);
    await db().query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE app_id = $1 AND username = $2`, [
      app.appId,
      license.key,
    ]);
    const expired = await (await initialized()).request('license', { key: license.key });
    expect(verdict(expired)).toEqual([true, false, 'No active subscription(s) found']);
    const { rows } = await db().query(`SELECT status FROM licenses WHERE id = $1`, [license.id]);
    expect(rows[0].status).toBe('EXPIRED');
  });

  it('a key already redeemed by register cannot register again', async () => {
    const license = await createLicense(owner, app);
    const first = await (
      await initialized()
    ).request('register', {
      username: `first_${Date.now().toString(36)}`,
      pass: 'password 1',
      key: license.key,
    });
    expect(first.json!.success).toBe(true);
    const second = await (
      await initialized()
    ).request('register', {
      username: `second_${Date.now().toString(36)}`,
      pass: 'password 1',
      key: license.key,
    });
    expect(verdict(second)).toEqual([true, false, 'License key has already been used']);
    const taken = await (
      await initialized()
    ).request('register', {
      username: first.json!.info.username,
      pass: 'password 1',
      key: (await createLicense(owner, app)).key,
    });
    expect(verdict(taken)).toEqual([true, false, 'Username already taken, choose a different one']);
  });

  it('the blacklist refuses a HWID and an IP, and checkblacklist tells the client', async () => {
    const blacklist = (target: CreatedApp, type: string, value: string) =>
      http('POST', `/v1/admin/apps/${target.appId}/blacklist`, { token: owner.token, body: { type, value } });
    expect((await blacklist(app, 'hwid', 'HW-BLOCKED')).status).toBe(201);
    const client = await initialized();
    const refused = await client.request('license', { key: (await createLicense(owner, app)).key, hwid: 'HW-BLOCKED' });
    expect(verdict(refused)).toEqual([true, false, "You've been blacklisted from our application"]);
    expect(verdict(await client.request('checkblacklist', { hwid: 'HW-BLOCKED' }))).toEqual([
      true,
      true,
      'Client is blacklisted',
    ]);
    expect(verdict(await client.request('checkblacklist', { hwid: 'HW-FINE' }))).toEqual([
      true,
      false,
      'Client is not blacklisted',
    ]);

    const other = await createApp(owner);
    const settings = await enableKeyAuth(owner, other);
    expect((await blacklist(other, 'ip', '127.0.0.0/8')).status).toBe(201);
    const init = await settings.client('1.3').init();
    expect(verdict(init)).toEqual([true, false, "You've been blacklisted from our application"]);
  });

  it('a disabled application says so', async () => {
    const other = await createApp(owner);
    const settings = await enableKeyAuth(owner, other);
    expect((await patchApp(owner, other, { enabled: false })).status).toBe(200);
    expect(verdict(await settings.client('1.3').init())).toEqual([true, false, 'This application is disabled']);
  });

  it('parallel first use of one key by register makes exactly one user', async () => {
    const license = await createLicense(owner, app, { maxDevices: 20 });
    const clients = await Promise.all(Array.from({ length: 8 }, () => initialized()));
    const stamp = Date.now().toString(36);
    const answers = await Promise.all(
      clients.map((client, n) =>
        client.request('register', { username: `race_${stamp}_${n}`, pass: 'password 1', key: license.key }),
      ),
    );
    expect(answers.every((answer) => answer.verified)).toBe(true);
    const successes = answers.filter((answer) => answer.json!.success);
    expect(successes).toHaveLength(1);
    expect(new Set(answers.filter((answer) => !answer.json!.success).map((answer) => answer.json!.message))).toEqual(
      new Set(['License key has already been used']),
    );
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM users WHERE license_id = $1`, [license.id]);
    expect(rows[0].n).toBe(1);
  });

  it('parallel first use of one key by license makes exactly one user', async () => {
    const license = await createLicense(owner, app, { maxDevices: 20 });
    const clients = await Promise.all(Array.from({ length: 8 }, () => initialized()));
    const answers = await Promise.all(clients.map((client) => client.request('license', { key: license.key })));
    expect(answers.map((answer) => [answer.verified, answer.json!.success])).toEqual(answers.map(() => [true, true]));
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM users WHERE app_id = $1 AND username = $2`, [
      app.appId,
      license.key,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('rate limits init and authentication per IP with a signed 429', async () => {
    const other = await createApp(owner);
    expect((await patchApp(owner, other, { rateLimitPerMinute: 3 })).status).toBe(200);
    const settings = await enableKeyAuth(owner, other);
    const client = settings.client('1.3');
    expect((await client.init()).json!.success).toBe(true);
    const key = (await createLicense(owner, other)).key;
    expect((await client.request('license', { key })).json!.success).toBe(true);
    expect((await settings.client('1.2').init()).json!.success).toBe(true);
    const limited = await settings.client('1.3').init();
    expect([limited.status, ...verdict(limited)]).toEqual([429, true, false, 'Too many requests']);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // A session already open keeps working: only init and the authenticating types are limited.
    expect((await client.request('check')).json!.success).toBe(true);
  });

  it('records the logins in the audit log and their events, as /v1 does', async () => {
    const license = await createLicense(owner, app);
    expect((await (await initialized()).request('license', { key: license.key })).json!.success).toBe(true);
    const audit = await db().query(
      `SELECT details->>'outcome' AS outcome FROM audit_log WHERE app_id = $1 AND type = 'client.license' AND actor = $2`,
      [app.appId, license.key],
    );
    expect(audit.rows).toEqual([{ outcome: 'success' }]);
    const events = await db().query(
      `SELECT name FROM events WHERE app_id = $1 AND data->>'username' = $2 ORDER BY name`,
      [app.appId, license.key],
    );
    expect(events.rows.map((row) => row.name)).toEqual(['session.create', 'user.login']);
  });
});
