import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import { createApp, createUser, insertSession, signedUpOwner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { auditEntries, sessionState } from './support/reads.js';

const owner = signedUpOwner();
afterAll(closeDb);

const sessionsPath = (app: { appId: string }, rest = '') => `/v1/admin/apps/${app.appId}/sessions${rest}`;

describe('listing sessions', () => {
  it('lists only live sessions, newest first, with user, IP, HWID and times', async () => {
    const app = await createApp(owner);
    const alice = await createUser(owner, app);
    const bob = await createUser(owner, app);
    const older = await insertSession(app.appId, alice.userId, { created: '-10 minutes', lastSeen: '-1 minute' });
    const newer = await insertSession(app.appId, bob.userId, { ip: '2001:db8::7', hwid: null, created: '-2 minutes' });
    await insertSession(app.appId, alice.userId, { ended: true });
    await insertSession(app.appId, alice.userId, { created: '-2 days', expires: '-1 day', lastSeen: '-1 day' });
    // Idle for longer than the app's 1800 s default.
    await insertSession(app.appId, alice.userId, { created: '-2 hours', lastSeen: '-31 minutes' });

    const res = await http('GET', sessionsPath(app), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 25, total: 2 });
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual([newer, older]);
    const [first, second] = res.body.data;
    expect(first).toEqual({
      id: newer,
      userId: bob.userId,
      username: bob.username,
      ip: '2001:db8::7',
      hwid: null,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(second).toMatchObject({ userId: alice.userId, username: alice.username, ip: '203.0.113.9', hwid: 'HW-1' });
    // The idle timeout comes before the absolute end: 1800 s after the last call.
    expect(new Date(second.expiresAt).getTime() - new Date(second.lastSeenAt).getTime()).toBe(1800 * 1000);
  });

  it('pages, and counts the idle timeout of the app', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { maxDevices: 5 });
    for (let i = 0; i < 3; i++)
      await insertSession(app.appId, user.userId, { created: `-${i + 1} minutes`, lastSeen: '-10 minutes' });
    const page = await http('GET', sessionsPath(app, '?limit=2&page=2'), { token: owner.token });
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.body.data).toHaveLength(1);
    await http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body: { sessionIdleSeconds: 300 } });
    expect((await http('GET', sessionsPath(app), { token: owner.token })).body.meta.total).toBe(0);
  });

  it('rejects a bad page with 400', async () => {
    const app = await createApp(owner);
    const res = await http('GET', sessionsPath(app, '?limit=0'), { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain('limit must be between 1 and 100');
  });
});

describe('ending a session', () => {
  it('ends it (200), records it, and a second end is 404', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const session = await insertSession(app.appId, user.userId);
    const kept = await insertSession(app.appId, user.userId);
    const res = await http('DELETE', sessionsPath(app, `/${session}`), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: {} });
    expect(await sessionState(session)).toEqual({ ended: true, reason: 'admin' });
    expect(await sessionState(kept)).toEqual({ ended: false, reason: null });
    expect((await http('DELETE', sessionsPath(app, `/${session}`), { token: owner.token })).status).toBe(404);
    const [entry] = await auditEntries(owner, app, '&type=admin.session.end');
    expect(entry).toMatchObject({
      actor: owner.email,
      ip: '127.0.0.1',
      details: { sessionId: session, userId: user.userId },
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const app = await createApp(owner);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await http('DELETE', sessionsPath(app, `/${id}`), { token: owner.token })).status).toBe(404);
    }
  });
});

describe('access', () => {
  it('requires a bearer token', async () => {
    const app = await createApp(owner);
    const session = await insertSession(app.appId, (await createUser(owner, app)).userId);
    expect((await http('GET', sessionsPath(app))).status).toBe(401);
    expect((await http('DELETE', sessionsPath(app, `/${session}`))).status).toBe(401);
    expect(await sessionState(session)).toEqual({ ended: false, reason: null });
  });

  it('answers 404 for another owner’s app and for a session of another app', async () => {
    const app = await createApp(owner);
    const session = await insertSession(app.appId, (await createUser(owner, app)).userId);
    const intruder = await signupOwner();
    const intruderApp = await createApp(intruder);
    expect((await http('GET', sessionsPath(app), { token: intruder.token })).status).toBe(404);
    expect((await http('DELETE', sessionsPath(app, `/${session}`), { token: intruder.token })).status).toBe(404);
    expect((await http('DELETE', sessionsPath(intruderApp, `/${session}`), { token: intruder.token })).status).toBe(
      404,
    );
    const sibling = await createApp(owner);
    expect((await http('DELETE', sessionsPath(sibling, `/${session}`), { token: owner.token })).status).toBe(404);
    expect((await http('GET', sessionsPath(intruderApp), { token: intruder.token })).body.meta.total).toBe(0);
    expect(await sessionState(session)).toEqual({ ended: false, reason: null });
  });
});

// Sessions opened and checked through POST /v1.
describe('as clients see it', () => {
  it('a client login shows up with its IP and HWID, and ending it gets its token 401', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const client = clientFor(app);
    const login = await client.login(user.username, USER_PASSWORD, 'HW-CLIENT');
    expect(login.status).toBe(200);
    const list = await http('GET', sessionsPath(app), { token: owner.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({ userId: user.userId, username: user.username, ip: '127.0.0.1', hwid: 'HW-CLIENT' }),
    ]);
    expect(list.body.data[0].expiresAt).toBe(login.body.data.expiresAt);
    await http('DELETE', sessionsPath(app, `/${list.body.data[0].id}`), { token: owner.token });
    const check = await client.check(login.body.data.sessionToken);
    expect(check.status).toBe(401);
    expect(check.body.message).toBe('Invalid or expired session');
  });
});
