import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import {
  createApp,
  createLicense,
  createUser,
  insertSession,
  signedUpOwner,
  signupOwner,
  USER_PASSWORD,
  username,
} from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { auditEntries, recordedEvents, sessionState } from './support/reads.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY_MS = 86_400_000;

const owner = signedUpOwner();
afterAll(closeDb);

const usersPath = (app: { appId: string }, rest = '') => `/v1/admin/apps/${app.appId}/users${rest}`;

describe('creating users', () => {
  it('creates a user without a key: 201, defaults, lifetime, password hashed', async () => {
    const app = await createApp(owner);
    const res = await http('POST', usersPath(app), {
      token: owner.token,
      body: { username: 'Alice', password: USER_PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        userId: expect.any(String),
        username: 'Alice',
        level: 1,
        hwid: null,
        expiresAt: null,
        banned: false,
        banReason: null,
        banPublicReason: null,
        hwidSelfResets: 0,
        maxDevices: 1,
        licenseId: null,
        licenseKey: null,
        createdAt: expect.stringMatching(ISO),
        lastLoginAt: null,
        lastIp: null,
      },
    });
    const { rows } = await db().query('SELECT password_hash FROM users WHERE id = $1', [res.body.data.userId]);
    expect(rows[0].password_hash).not.toContain(USER_PASSWORD);
    expect(rows[0].password_hash).toMatch(/^hmac-sha256:\$2b\$/);
  });

  it('takes level, maxDevices and an expiry', async () => {
    const app = await createApp(owner);
    const expiresAt = new Date(Date.now() + 10 * DAY_MS).toISOString();
    const user = await createUser(owner, app, { level: 3, maxDevices: 2, expiresAt });
    expect(user).toMatchObject({ level: 3, maxDevices: 2, expiresAt });
    const lifetime = await createUser(owner, app, { expiresAt: null, level: 0 });
    expect(lifetime).toMatchObject({ level: 0, expiresAt: null });
  });

  it('refuses a taken username, whatever its case, with 409', async () => {
    const app = await createApp(owner);
    await createUser(owner, app, { username: 'Bob' });
    const res = await http('POST', usersPath(app), {
      token: owner.token,
      body: { username: 'bOB', password: USER_PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'USERNAME_TAKEN', message: 'Username already taken' });
    // The same name in another app is another user.
    expect((await createUser(owner, await createApp(owner), { username: 'bob' })).username).toBe('bob');
  });

  it.each([
    [{ password: USER_PASSWORD }, 'username must be a string'],
    [{ username: 'ab', password: USER_PASSWORD }, 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -'],
    [{ username: 'has space', password: USER_PASSWORD }, 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -'],
    [{ username: 'x'.repeat(33), password: USER_PASSWORD }, 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -'],
    [{ username: 'carol' }, 'password must be a string'],
    [{ username: 'carol', password: '12345' }, 'password must be 6-128 characters'],
    [{ username: 'carol', password: 'x'.repeat(129) }, 'password must be 6-128 characters'],
    [{ username: 'carol', password: USER_PASSWORD, level: -1 }, 'level must be between 0 and 1000'],
    [{ username: 'carol', password: USER_PASSWORD, level: 1.5 }, 'level must be an integer'],
    [{ username: 'carol', password: USER_PASSWORD, level: '2' }, 'level must be an integer'],
    [{ username: 'carol', password: USER_PASSWORD, maxDevices: 0 }, 'maxDevices must be between 1 and 1000'],
    [{ username: 'carol', password: USER_PASSWORD, maxDevices: 1001 }, 'maxDevices must be between 1 and 1000'],
    [
      { username: 'carol', password: USER_PASSWORD, expiresAt: 'tomorrow' },
      'expiresAt must be an ISO 8601 timestamp or null',
    ],
    [{ username: 'carol', password: USER_PASSWORD, expiresAt: 5 }, 'expiresAt must be an ISO 8601 timestamp or null'],
    [
      { username: 'carol', password: USER_PASSWORD, expiresAt: '2001-01-01T00:00:00.000Z' },
      'expiresAt must be in the future',
    ],
  ])('rejects %j with 400 naming the field', async (body, message) => {
    const app = await createApp(owner);
    const res = await http('POST', usersPath(app), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(res.body.errors).toContain(message);
    const list = await http('GET', usersPath(app), { token: owner.token });
    expect(list.body.meta.total).toBe(0);
  });
});

describe('listing and reading users', () => {
  it('lists newest first with paging and a case-insensitive username search', async () => {
    const app = await createApp(owner);
    for (const name of ['alpha_1', 'Beta_2', 'alpha_3']) await createUser(owner, app, { username: name });
    const page = await http('GET', usersPath(app, '?limit=2&page=1'), { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect(page.body.data.map((u: { username: string }) => u.username)).toEqual(['alpha_3', 'Beta_2']);
    const next = await http('GET', usersPath(app, '?limit=2&page=2'), { token: owner.token });
    expect(next.body.data.map((u: { username: string }) => u.username)).toEqual(['alpha_1']);

    const found = await http('GET', usersPath(app, '?search=ALPHA'), { token: owner.token });
    expect(found.body.meta.total).toBe(2);
    expect(found.body.data.map((u: { username: string }) => u.username)).toEqual(['alpha_3', 'alpha_1']);
    // LIKE wildcards in the search are literal characters.
    const literal = await http('GET', usersPath(app, '?search=p_a'), { token: owner.token });
    expect(literal.body.meta.total).toBe(0);
    const none = await http('GET', usersPath(app, `?search=${encodeURIComponent('%%%')}`), { token: owner.token });
    expect(none.body.meta.total).toBe(0);
  });

  it.each([
    ['?limit=101', 'limit must be between 1 and 100'],
    ['?page=0', 'page must be between 1 and 1000000'],
    ['?search=', 'search must be 3-64 characters'],
    ['?search=ab', 'search must be 3-64 characters'],
    [`?search=${'x'.repeat(65)}`, 'search must be 3-64 characters'],
  ])('rejects the query %s with 400', async (query, message) => {
    const app = await createApp(owner);
    const res = await http('GET', usersPath(app, query), { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
  });

  it('gets one user; unknown or malformed ids are 404', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const res = await http('GET', usersPath(app, `/${user.userId}`), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(user);
    expect(
      (await http('GET', usersPath(app, '/00000000-0000-4000-8000-000000000000'), { token: owner.token })).status,
    ).toBe(404);
    expect((await http('GET', usersPath(app, '/not-a-uuid'), { token: owner.token })).status).toBe(404);
  });
});

describe('changing users', () => {
  it('deletes a user: 200, gone, its sessions with it, recorded in the audit log', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const session = await insertSession(app.appId, user.userId);
    const res = await http('DELETE', usersPath(app, `/${user.userId}`), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: {} });
    expect((await http('GET', usersPath(app, `/${user.userId}`), { token: owner.token })).status).toBe(404);
    expect(await sessionState(session)).toBeNull();
    expect((await http('DELETE', usersPath(app, `/${user.userId}`), { token: owner.token })).status).toBe(404);
    const [entry] = await auditEntries(owner, app, '&type=admin.user.delete');
    expect(entry).toMatchObject({
      actor: owner.email,
      ip: '127.0.0.1',
      details: { userId: user.userId, username: user.username },
    });
  });

  it('bans with a reason: live sessions end, user.ban is emitted once with bannedBy', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const live = [await insertSession(app.appId, user.userId), await insertSession(app.appId, user.userId)];
    const other = await insertSession(app.appId, (await createUser(owner, app)).userId);

    const res = await http('POST', usersPath(app, `/${user.userId}/ban`), {
      token: owner.token,
      body: { reason: 'chargeback' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: user.userId, banned: true, banReason: 'chargeback' });
    for (const id of live) expect(await sessionState(id)).toEqual({ ended: true, reason: 'user_banned' });
    expect(await sessionState(other)).toEqual({ ended: false, reason: null });

    // Banning again updates the reason without a second event.
    const again = await http('POST', usersPath(app, `/${user.userId}/ban`), {
      token: owner.token,
      body: { reason: 'fraud' },
    });
    expect(again.body.data.banReason).toBe('fraud');
    const bans = (await recordedEvents(app.appId)).filter((e) => e.name === 'user.ban');
    expect(bans.map((e) => e.data)).toEqual([
      { userId: user.userId, username: user.username, reason: 'chargeback', bannedBy: owner.email, appId: app.appId },
    ]);
    const entries = await auditEntries(owner, app, '&type=admin.user.ban');
    expect(entries.map((e) => e.details.reason)).toEqual(['fraud', 'chargeback']);
    expect(entries[1]).toMatchObject({ actor: owner.email, ip: '127.0.0.1', details: { sessionsEnded: 2 } });
  });

  it('bans without a body (reason null) and unbans', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const banned = await http('POST', usersPath(app, `/${user.userId}/ban`), { token: owner.token });
    expect(banned.status).toBe(200);
    expect(banned.body.data).toMatchObject({ banned: true, banReason: null });
    const unbanned = await http('POST', usersPath(app, `/${user.userId}/unban`), { token: owner.token });
    expect(unbanned.status).toBe(200);
    expect(unbanned.body.data).toMatchObject({ banned: false, banReason: null });
    expect((await auditEntries(owner, app, '&type=admin.user')).map((e) => e.type)).toEqual([
      'admin.user.unban',
      'admin.user.ban',
      'admin.user.create',
    ]);
  });

  it.each([
    [{ reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
    [{ reason: 5 }, 'reason must be a string'],
  ])('rejects the ban body %j with 400', async (body, message) => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const res = await http('POST', usersPath(app, `/${user.userId}/ban`), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
    expect((await http('GET', usersPath(app, `/${user.userId}`), { token: owner.token })).body.data.banned).toBe(false);
  });

  it('extends from the later of now and the expiry; lifetime stays lifetime', async () => {
    const app = await createApp(owner);
    const future = new Date(Date.now() + 10 * DAY_MS);
    const running = await createUser(owner, app, { expiresAt: future.toISOString() });
    const res = await http('POST', usersPath(app, `/${running.userId}/extend`), {
      token: owner.token,
      body: { days: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.expiresAt).toBe(new Date(future.getTime() + 5 * DAY_MS).toISOString());

    const lapsed = await createUser(owner, app, { expiresAt: future.toISOString() });
    await db().query(`UPDATE users SET expires_at = now() - interval '3 days' WHERE id = $1`, [lapsed.userId]);
    const before = Date.now();
    const renewed = await http('POST', usersPath(app, `/${lapsed.userId}/extend`), {
      token: owner.token,
      body: { days: 2 },
    });
    const expiresAt = new Date(renewed.body.data.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 2 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS + 1000);

    const lifetime = await createUser(owner, app);
    const still = await http('POST', usersPath(app, `/${lifetime.userId}/extend`), {
      token: owner.token,
      body: { days: 36500 },
    });
    expect(still.status).toBe(200);
    expect(still.body.data.expiresAt).toBeNull();

    const [entry] = await auditEntries(owner, app, '&type=admin.user.extend');
    expect(entry.details).toEqual({
      userId: lifetime.userId,
      username: lifetime.username,
      days: 36500,
      previousExpiresAt: null,
      expiresAt: null,
    });
  });

  it.each([
    [{}, 'days must be an integer'],
    [{ days: 0 }, 'days must be between 1 and 36500'],
    [{ days: 36501 }, 'days must be between 1 and 36500'],
    [{ days: 1.5 }, 'days must be an integer'],
    [{ days: '5' }, 'days must be an integer'],
  ])('rejects the extension %j with 400', async (body, message) => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    const res = await http('POST', usersPath(app, `/${user.userId}/extend`), { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
  });

  it('sets the expiry to a chosen moment, the past included, or lifetime; audited', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const past = '2020-01-02T03:04:05.000Z';
    const res = await http('PUT', usersPath(app, `/${user.userId}/expiry`), {
      token: owner.token,
      body: { expiresAt: past },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: user.userId, expiresAt: past });
    const lifetime = await http('PUT', usersPath(app, `/${user.userId}/expiry`), {
      token: owner.token,
      body: { expiresAt: null },
    });
    expect(lifetime.body.data.expiresAt).toBeNull();
    const [entry] = await auditEntries(owner, app, '&type=admin.user.set-expiry');
    expect(entry.details).toEqual({
      userId: user.userId,
      username: user.username,
      previousExpiresAt: past,
      expiresAt: null,
    });
  });

  it.each([
    [{}, 'expiresAt must be an ISO 8601 timestamp or null'],
    [{ expiresAt: 'soon' }, 'expiresAt must be an ISO 8601 timestamp or null'],
    [{ expiresAt: 1 }, 'expiresAt must be an ISO 8601 timestamp or null'],
    [{ expiresAt: '10000-01-01T00:00:00.000Z' }, 'expiresAt must be an ISO 8601 timestamp or null'],
    [{ expiresAt: '9999-12-31T23:59:59.999+00:00' }, null],
  ])('refuses the expiry %j with 400, naming the field', async (body, message) => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const res = await http('PUT', usersPath(app, `/${user.userId}/expiry`), { token: owner.token, body });
    if (message === null) {
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
    expect(
      (await http('GET', usersPath(app, `/${user.userId}`), { token: owner.token })).body.data.expiresAt,
    ).toBeNull();
  });

  it('resets the HWID', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    await db().query(`UPDATE users SET hwid = 'HW-OLD' WHERE id = $1`, [user.userId]);
    const res = await http('POST', usersPath(app, `/${user.userId}/reset-hwid`), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: user.userId, hwid: null });
    const [entry] = await auditEntries(owner, app, '&type=admin.user.reset-hwid');
    expect(entry.details).toMatchObject({ previousHwid: 'HW-OLD' });
  });
});

describe('access', () => {
  const routes = (appId: string, userId: string) =>
    [
      ['GET', `/v1/admin/apps/${appId}/users`],
      ['POST', `/v1/admin/apps/${appId}/users`],
      ['GET', `/v1/admin/apps/${appId}/users/${userId}`],
      ['DELETE', `/v1/admin/apps/${appId}/users/${userId}`],
      ['POST', `/v1/admin/apps/${appId}/users/${userId}/ban`],
      ['POST', `/v1/admin/apps/${appId}/users/${userId}/unban`],
      ['POST', `/v1/admin/apps/${appId}/users/${userId}/extend`],
      ['POST', `/v1/admin/apps/${appId}/users/${userId}/reset-hwid`],
      ['PUT', `/v1/admin/apps/${appId}/users/${userId}/expiry`],
    ] as const;
  const validBody = (path: string) =>
    path.endsWith('/users')
      ? { username: username(), password: USER_PASSWORD }
      : path.endsWith('/extend')
        ? { days: 1 }
        : path.endsWith('/expiry')
          ? { expiresAt: null }
          : {};

  it('requires a bearer token on every route', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    for (const [method, path] of routes(app.appId, user.userId)) {
      const res = await http(method, path, {
        body: method === 'POST' || method === 'PUT' ? validBody(path) : undefined,
      });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 404 for another owner’s app, and for a user of another app, on every route', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    const intruder = await signupOwner();
    const intruderApp = await createApp(intruder);
    const sibling = await createApp(owner);
    for (const [method, path, token] of [
      ...routes(app.appId, user.userId).map(([m, p]) => [m, p, intruder.token] as const),
      // The intruder's own app with the victim's user id.
      ...routes(intruderApp.appId, user.userId)
        .filter(([, p]) => p.includes(user.userId))
        .map(([m, p]) => [m, p, intruder.token] as const),
      // The same owner's other app with this user's id.
      ...routes(sibling.appId, user.userId)
        .filter(([, p]) => p.includes(user.userId))
        .map(([m, p]) => [m, p, owner.token] as const),
    ]) {
      const res = await http(method, path, {
        token,
        body: method === 'POST' || method === 'PUT' ? validBody(path) : undefined,
      });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    const unchanged = await http('GET', usersPath(app, `/${user.userId}`), { token: owner.token });
    expect(unchanged.body.data).toEqual(user);
  });
});

// Owner changes as clients of POST /v1 feel them.
describe('as clients see it', () => {
  async function registered() {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const client = clientFor(app);
    const name = username();
    const res = await client.register(name, USER_PASSWORD, license.key, 'HW-1');
    expect(res.status).toBe(200);
    return { app, client, name, userId: res.body.data.user.userId, token: res.body.data.sessionToken };
  }

  it('a user that redeemed a key shows the key beside its id: get, list, search and after a change', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const name = username();
    const res = await clientFor(app).register(name, USER_PASSWORD, license.key, 'HW-1');
    const userId = res.body.data.user.userId;
    const expected = { licenseId: license.id, licenseKey: license.key };
    expect((await http('GET', usersPath(app, `/${userId}`), { token: owner.token })).body.data).toMatchObject(expected);
    expect((await http('GET', usersPath(app), { token: owner.token })).body.data[0]).toMatchObject(expected);
    const found = await http('GET', usersPath(app, `?search=${name}`), { token: owner.token });
    expect(found.body.data[0]).toMatchObject(expected);
    const banned = await http('POST', usersPath(app, `/${userId}/ban`), { token: owner.token, body: { reason: 'x' } });
    expect(banned.body.data).toMatchObject(expected);
  });

  it('a ban ends live sessions at once and refuses the next login', async () => {
    const { app, client, name, userId, token } = await registered();
    expect((await client.check(token)).status).toBe(200);
    await http('POST', usersPath(app, `/${userId}/ban`), { token: owner.token, body: { reason: 'abuse' } });
    const check = await client.check(token);
    expect(check.status).toBe(401);
    expect(check.body.message).toBe('Invalid or expired session');
    const login = await client.login(name, USER_PASSWORD, 'HW-1');
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('User is banned');
    await http('POST', usersPath(app, `/${userId}/unban`), { token: owner.token });
    expect((await client.login(name, USER_PASSWORD, 'HW-1')).status).toBe(200);
  });

  it('a deleted user’s session ends and its login fails', async () => {
    const { app, client, name, userId, token } = await registered();
    await http('DELETE', usersPath(app, `/${userId}`), { token: owner.token });
    expect((await client.check(token)).status).toBe(401);
    expect((await client.login(name, USER_PASSWORD, 'HW-1')).status).toBe(401);
  });

  it('an extension revives an expired user, and a reset HWID accepts a new machine', async () => {
    const { app, client, name, userId } = await registered();
    await db().query(`UPDATE users SET expires_at = now() - interval '1 hour' WHERE id = $1`, [userId]);
    expect((await client.login(name, USER_PASSWORD, 'HW-1')).body.message).toBe('License has expired');
    await http('POST', usersPath(app, `/${userId}/extend`), { token: owner.token, body: { days: 1 } });
    expect((await client.login(name, USER_PASSWORD, 'HW-1')).status).toBe(200);

    expect((await client.login(name, USER_PASSWORD, 'HW-2')).body.message).toBe('Hardware ID mismatch');
    await http('POST', usersPath(app, `/${userId}/reset-hwid`), { token: owner.token });
    const moved = await client.login(name, USER_PASSWORD, 'HW-2');
    expect(moved.status).toBe(200);
    expect(moved.body.data.user.hwid).toBe('HW-2');
  });

  it('an expiry set in the past refuses the live session at once and the next login as expired', async () => {
    const { app, client, name, userId, token } = await registered();
    await http('PUT', usersPath(app, `/${userId}/expiry`), {
      token: owner.token,
      body: { expiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect((await client.check(token)).status).toBe(401);
    expect((await client.login(name, USER_PASSWORD, 'HW-1')).body.message).toBe('License has expired');
  });

  it('a user created by the owner logs in with its password', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { level: 4 });
    const res = await clientFor(app).login(user.username, USER_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ userId: user.userId, level: 4, expiresAt: null });
  });
});
