import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import { createApp, createLicense, patchApp, signedUpOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { liveSessionCount, recordedEvents } from './support/reads.js';

const PASSWORD = 'hunter22';
const owner = signedUpOwner();
afterAll(closeDb);

/** A fresh app with one registered user; returns what the tests need. */
async function registered(fields: { hwid?: string; license?: Record<string, unknown> } = {}) {
  const app = await createApp(owner);
  const license = await createLicense(owner, app, fields.license);
  const client = clientFor(app);
  const username = `user_${Math.random().toString(36).slice(2, 10)}`;
  const res = await client.register(username, PASSWORD, license.key, fields.hwid);
  expect(res.status).toBe(200);
  return { app, license, client, username, res };
}

describe('register', () => {
  it('registers with a key: session, user from the key, key activated, events recorded', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app, { durationType: '30d', level: 2, maxDevices: 3 });
    const before = Date.now();
    const res = await clientFor(app).register('Alice', PASSWORD, license.key, 'HW-A');
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Registered');
    const { sessionToken, expiresAt, user } = res.body.data;
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(before);
    expect(user).toEqual({
      userId: expect.any(String),
      username: 'Alice',
      level: 2,
      hwid: 'HW-A',
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });
    const thirtyDays = 30 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(user.expiresAt!).getTime() - (before + thirtyDays))).toBeLessThan(60_000);

    const got = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${license.id}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ status: 'USED', userId: user.userId, expiresAt: user.expiresAt });
    expect(got.body.data.activatedAt).not.toBeNull();

    const events = await recordedEvents(app.appId);
    expect(events.map((e) => e.name).sort()).toEqual(['license.activate', 'session.create', 'user.register']);
    const byName = Object.fromEntries(events.map((e) => [e.name, e.data]));
    expect(byName['license.activate']).toEqual({
      licenseId: license.id,
      key: license.key,
      durationType: '30d',
      level: 2,
      activatedBy: user.userId,
      appId: app.appId,
    });
    expect(byName['user.register']).toEqual({
      userId: user.userId,
      username: 'Alice',
      licenseKey: license.key,
      ip: '127.0.0.1',
      appId: app.appId,
    });
    expect(byName['session.create']).toEqual({
      sessionId: expect.any(String),
      userId: user.userId,
      username: 'Alice',
      ip: '127.0.0.1',
      hwid: 'HW-A',
      expiresAt,
      appId: app.appId,
    });
  });

  it('stores the session token and password only as hashes', async () => {
    const { res, username } = await registered();
    const { rows } = await db().query(
      `SELECT u.password_hash, s.token_hash FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.username = $1`,
      [username],
    );
    expect(rows[0].password_hash).toMatch(/^hmac-sha256:\$2b\$/);
    const { createHash } = await import('node:crypto');
    expect(Buffer.from(rows[0].token_hash)).toEqual(createHash('sha256').update(res.body.data.sessionToken).digest());
  });

  it.each([
    [{ username: 'ab' }, 'username must be 3-32 characters'],
    [{ username: 'a'.repeat(33) }, 'username must be 3-32 characters'],
    [{ username: 'bad name!' }, 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -'],
    [{ username: undefined }, 'username is required'],
    [{ password: '12345' }, 'password must be 6-128 characters'],
    [{ password: 123456 }, 'password must be a string'],
    [{ licenseKey: undefined }, 'licenseKey is required'],
    [{ hwid: 'h'.repeat(257) }, 'hwid must be 1-256 characters'],
    [{ hwid: 5 }, 'hwid must be a string'],
  ])('rejects %j with 400 naming the field', async (override, message) => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const res = await clientFor(app).call({
      type: 'register',
      username: 'valid_name',
      password: PASSWORD,
      licenseKey: license.key,
      ...override,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, data: {} });
  });

  it('answers unknown, banned and used keys with 404, 403 and 409', async () => {
    const { app, license, client } = await registered();
    const unknown = await client.register('someone', PASSWORD, 'AAAAA-BBBBB-CCCCC-DDDDD');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'License key not found']);
    const used = await client.register('someone', PASSWORD, license.key);
    expect([used.status, used.body.message]).toEqual([409, 'License key already used']);
    const fresh = await createLicense(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${fresh.id}/ban`, { token: owner.token });
    const banned = await client.register('someone', PASSWORD, fresh.key);
    expect([banned.status, banned.body.message]).toEqual([403, 'License is banned']);
  });

  it('refuses a taken username in any case with 409 and leaves the key unused', async () => {
    const { app, client, username } = await registered();
    const spare = await createLicense(owner, app);
    const res = await client.register(username.toUpperCase(), PASSWORD, spare.key);
    expect([res.status, res.body.message]).toEqual([409, 'Username already taken']);
    const got = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${spare.id}`, { token: owner.token });
    expect(got.body.data.status).toBe('UNUSED');
  });

  it('checks app credentials and the enabled flag before the operation', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const wrong = await clientFor({ ...app, apiKey: 'lk_wrong' }).register('newuser', PASSWORD, license.key);
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid application credentials']);
    await patchApp(owner, app, { enabled: false });
    const disabled = await clientFor(app).register('newuser', PASSWORD, license.key);
    expect([disabled.status, disabled.body.message]).toEqual([403, 'Application is disabled']);
  });

  it('lets exactly one of parallel registrations with one key through', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const client = clientFor(app);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.register(`racer_${i}`, PASSWORD, license.key)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === 'License key already used')).toBe(
      true,
    );
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [app.appId]);
    expect(rows[0].n).toBe(1);
    const activations = (await recordedEvents(app.appId)).filter((e) => e.name === 'license.activate');
    expect(activations).toHaveLength(1);
  });
});

describe('login', () => {
  it('logs in, records user.login and session.create, and stamps the login', async () => {
    const { app, client, username, res: reg } = await registered({ hwid: 'HW-1' });
    const res = await client.login(username, PASSWORD, 'HW-1');
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Logged in');
    expect(res.body.data.user.userId).toBe(reg.body.data.user.userId);
    expect(res.body.data.sessionToken).not.toBe(reg.body.data.sessionToken);
    const events = await recordedEvents(app.appId);
    const login = events.filter((e) => e.name === 'user.login');
    expect(login).toHaveLength(1);
    expect(login[0]!.data).toEqual({
      userId: reg.body.data.user.userId,
      username,
      ip: '127.0.0.1',
      hwid: 'HW-1',
      appId: app.appId,
    });
    expect(events.filter((e) => e.name === 'session.create')).toHaveLength(2);
    expect(new Date(res.body.data.user.lastLoginAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(reg.body.data.user.lastLoginAt!).getTime(),
    );
  });

  it('accepts the username in any case', async () => {
    const { client, username } = await registered();
    expect((await client.login(username.toUpperCase(), PASSWORD)).status).toBe(200);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const { client, username } = await registered();
    const wrong = await client.login(username, 'wrong-password');
    const unknown = await client.login('nobody_here', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid username or password', data: {} });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a banned user, and a user whose license is banned', async () => {
    const a = await registered();
    await db().query('UPDATE users SET banned = true WHERE username = $1', [a.username]);
    const banned = await a.client.login(a.username, PASSWORD);
    expect([banned.status, banned.body.message]).toEqual([403, 'User is banned']);

    const b = await registered();
    await http('POST', `/v1/admin/apps/${b.app.appId}/licenses/${b.license.id}/ban`, { token: owner.token });
    const licenseBanned = await b.client.login(b.username, PASSWORD);
    expect([licenseBanned.status, licenseBanned.body.message]).toEqual([403, 'License is banned']);
  });

  it('refuses an expired subscription, expires the license and records license.expire once', async () => {
    const { app, license, client, username, res: reg } = await registered();
    await db().query(`UPDATE users SET expires_at = now() - interval '1 minute' WHERE username = $1`, [username]);
    for (let i = 0; i < 2; i += 1) {
      const res = await client.login(username, PASSWORD);
      expect([res.status, res.body.message]).toEqual([403, 'License has expired']);
    }
    const got = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${license.id}`, { token: owner.token });
    expect(got.body.data.status).toBe('EXPIRED');
    const expired = (await recordedEvents(app.appId)).filter((e) => e.name === 'license.expire');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.data).toEqual({
      licenseId: license.id,
      key: license.key,
      userId: reg.body.data.user.userId,
      expiredAt: expect.any(String),
      appId: app.appId,
    });
    // Its sessions are no longer valid either.
    expect((await client.check(reg.body.data.sessionToken)).status).toBe(401);
  });

  it('never expires a lifetime user', async () => {
    const { client, username, res } = await registered({ license: { durationType: 'lifetime' } });
    expect(res.body.data.user.expiresAt).toBeNull();
    expect((await client.login(username, PASSWORD)).status).toBe(200);
  });
});

describe('HWID rules', () => {
  it('locks to the HWID sent at registration', async () => {
    const { client, username } = await registered({ hwid: 'HW-1' });
    expect((await client.login(username, PASSWORD, 'HW-1')).status).toBe(200);
    const other = await client.login(username, PASSWORD, 'HW-2');
    expect([other.status, other.body.message]).toEqual([403, 'Hardware ID mismatch']);
    const none = await client.login(username, PASSWORD);
    expect([none.status, none.body.message]).toEqual([403, 'Hardware ID mismatch']);
  });

  it('leaves a user who never sent one unlocked, and locks on the first one sent', async () => {
    const { client, username } = await registered();
    expect((await client.login(username, PASSWORD)).status).toBe(200);
    expect((await client.login(username, PASSWORD, 'HW-9')).body.data.user.hwid).toBe('HW-9');
    expect((await client.login(username, PASSWORD, 'HW-8')).status).toBe(403);
  });

  it('ignores HWIDs when the app turns hwidLock off', async () => {
    const { app, client, username } = await registered({ hwid: 'HW-1' });
    await patchApp(owner, app, { hwidLock: false });
    expect((await client.login(username, PASSWORD, 'HW-2')).status).toBe(200);
    expect((await client.login(username, PASSWORD)).status).toBe(200);
  });

  it('applies to license authentication too', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const client = clientFor(app);
    expect((await client.license(license.key, 'HW-L')).status).toBe(200);
    expect((await client.license(license.key, 'HW-L')).status).toBe(200);
    expect((await client.license(license.key, 'HW-X')).body.message).toBe('Hardware ID mismatch');
  });
});

describe('device limit', () => {
  it('ends the oldest session when maxDevices are in use', async () => {
    const { client, username, res: reg } = await registered({ license: { maxDevices: 2 } });
    const second = await client.login(username, PASSWORD);
    const third = await client.login(username, PASSWORD);
    expect(third.status).toBe(200);
    expect((await client.check(reg.body.data.sessionToken)).body.message).toBe('Invalid or expired session');
    expect((await client.check(second.body.data.sessionToken)).status).toBe(200);
    expect((await client.check(third.body.data.sessionToken)).status).toBe(200);
  });

  it.each([1, 3])('holds maxDevices %i when ten logins for one user arrive at once', async (maxDevices) => {
    const { client, username, res: reg } = await registered({ license: { maxDevices } });
    const results = await Promise.all(Array.from({ length: 10 }, () => client.login(username, PASSWORD)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await liveSessionCount(reg.body.data.user.userId)).toBe(maxDevices);
    const valid = await Promise.all(results.map((r) => client.check(r.body.data.sessionToken)));
    expect(valid.filter((r) => r.status === 200)).toHaveLength(maxDevices);
  });
});

describe('license (key-only) authentication', () => {
  it('activates on first use with an implicit user named after the key', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app, { level: 4 });
    const res = await clientFor(app).license(license.key, 'HW-K');
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Authenticated');
    expect(res.body.data.user).toMatchObject({ username: license.key, level: 4, hwid: 'HW-K' });
    const again = await clientFor(app).license(license.key, 'HW-K');
    expect(again.body.data.user.userId).toBe(res.body.data.user.userId);
    const names = (await recordedEvents(app.appId)).map((e) => e.name);
    expect(names.filter((n) => n === 'license.activate')).toHaveLength(1);
    expect(names.filter((n) => n === 'user.login')).toHaveLength(2);
    expect(names.filter((n) => n === 'session.create')).toHaveLength(2);
  });

  it('answers unknown and banned keys with 404 and 403', async () => {
    const app = await createApp(owner);
    const client = clientFor(app);
    expect((await client.license('NOPE1-NOPE2-NOPE3-NOPE4')).status).toBe(404);
    const license = await createLicense(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${license.id}/ban`, { token: owner.token });
    const banned = await client.license(license.key);
    expect([banned.status, banned.body.message]).toEqual([403, 'License is banned']);
  });

  it('refuses a key redeemed by register under a username with 409', async () => {
    const { client, license } = await registered();
    const res = await client.license(license.key);
    expect([res.status, res.body.message]).toEqual([409, 'License key already used']);
  });

  it('activates a key once when ten first uses arrive at once', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app, { maxDevices: 10 });
    const client = clientFor(app);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.license(license.key)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.user.userId)).size).toBe(1);
    const { rows } = await db().query('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [app.appId]);
    expect(rows[0].n).toBe(1);
    expect((await recordedEvents(app.appId)).filter((e) => e.name === 'license.activate')).toHaveLength(1);
  });

  it('sees a key deleted or an HWID reset after it was last used', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const client = clientFor(app);
    const first = await client.license(license.key, 'HW-1');
    expect((await client.license(license.key, 'HW-1')).status).toBe(200);
    const userId = first.body.data.user.userId;
    await http('POST', `/v1/admin/apps/${app.appId}/users/${userId}/reset-hwid`, { token: owner.token });
    const moved = await client.license(license.key, 'HW-2');
    expect(moved.status).toBe(200);
    expect(moved.body.data.user.hwid).toBe('HW-2');
    await http('DELETE', `/v1/admin/apps/${app.appId}/licenses/${license.id}`, { token: owner.token });
    const gone = await client.license(license.key, 'HW-2');
    expect([gone.status, gone.body.message]).toEqual([404, 'License key not found']);
  });

  it('expires like a subscription', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app, { durationType: '1h' });
    const client = clientFor(app);
    expect((await client.license(license.key)).status).toBe(200);
    await db().query(`UPDATE users SET expires_at = now() - interval '1 second' WHERE username = $1`, [license.key]);
    const res = await client.license(license.key);
    expect([res.status, res.body.message]).toEqual([403, 'License has expired']);
  });
});

/** `upgrade` with the registered user's password (the contract requires it). */
function upgrade(client: ReturnType<typeof clientFor>, username: string, licenseKey: string) {
  return client.call<{ user: { level: number; expiresAt: string | null } }>({
    type: 'upgrade',
    username,
    password: PASSWORD,
    licenseKey,
  });
}

describe('upgrade', () => {
  it('redeems a key: level from the key, duration added to the later of now and the expiry', async () => {
    const { app, client, username, res: reg } = await registered({ license: { durationType: '30d', level: 1 } });
    const key = await createLicense(owner, app, { durationType: '7d', level: 3 });
    const res = await upgrade(client, username, key.key);
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Upgraded');
    const before = new Date(reg.body.data.user.expiresAt!).getTime();
    expect(res.body.data.user.level).toBe(3);
    expect(new Date(res.body.data.user.expiresAt!).getTime() - before).toBe(7 * 24 * 3600 * 1000);
    const got = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${key.id}`, { token: owner.token });
    expect(got.body.data).toMatchObject({ status: 'USED', userId: reg.body.data.user.userId });
    const activations = (await recordedEvents(app.appId)).filter((e) => e.name === 'license.activate');
    expect(activations.map((e) => e.data.licenseId)).toContain(key.id);
  });

  it('restarts an expired subscription from now, and a lifetime key makes the user lifetime', async () => {
    const { app, client, username } = await registered();
    await db().query(`UPDATE users SET expires_at = now() - interval '10 days' WHERE username = $1`, [username]);
    const week = await createLicense(owner, app, { durationType: '7d' });
    const res = await upgrade(client, username, week.key);
    const expected = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(res.body.data.user.expiresAt!).getTime() - expected)).toBeLessThan(60_000);
    expect((await client.login(username, PASSWORD)).status).toBe(200);
    const forever = await createLicense(owner, app, { durationType: 'lifetime' });
    expect((await upgrade(client, username, forever.key)).body.data.user.expiresAt).toBeNull();
  });

  it('answers unknown users, unknown keys and used keys', async () => {
    const { app, client, username, license } = await registered();
    const fresh = await createLicense(owner, app);
    expect((await upgrade(client, 'nobody_here', fresh.key)).status).toBe(401);
    expect((await upgrade(client, username, 'NOPE1-NOPE2-NOPE3-NOPE4')).status).toBe(404);
    const used = await upgrade(client, username, license.key);
    expect([used.status, used.body.message]).toEqual([409, 'License key already used']);
    const missing = await client.call({ type: 'upgrade', username, password: PASSWORD });
    expect([missing.status, missing.body.message]).toEqual([400, 'licenseKey is required']);
  });
});
