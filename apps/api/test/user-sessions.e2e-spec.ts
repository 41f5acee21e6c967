// Ending all of one user's sessions (DELETE .../users/{userId}/sessions) and
// listing one user's sessions (GET .../sessions?userId=): the owner console's
// user detail. Only that user's live sessions end, their tokens get 401 at
// once, and the change is audited.
import { afterAll, describe, expect, it } from '@jest/globals';
import { ClientMessage } from '@latchkey/contracts';
import { clientFor } from './support/api.js';
import { createApp, createUser, insertSession, signedUpOwner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { auditEntries, sessionState } from './support/reads.js';

const owner = signedUpOwner();
afterAll(closeDb);

const usersPath = (app: { appId: string }, rest: string) => `/v1/admin/apps/${app.appId}/users${rest}`;

describe("ending a user's sessions", () => {
  it("ends every live session of that user only; the client's token is refused at once", async () => {
    const app = await createApp(owner);
    const alice = await createUser(owner, app, { maxDevices: 3 });
    const bob = await createUser(owner, app);
    const client = clientFor(app);
    const first = await client.call({ type: 'login', username: alice.username, password: USER_PASSWORD });
    const second = await client.call({ type: 'login', username: alice.username, password: USER_PASSWORD });
    expect([first.status, second.status]).toEqual([200, 200]);
    const bobSession = await insertSession(app.appId, bob.userId);
    // Not live: idle past the app's 1800 s, and ended before. Neither is counted; the idle one ends too.
    const idle = await insertSession(app.appId, alice.userId, { created: '-2 hours', lastSeen: '-31 minutes' });
    const endedBefore = await insertSession(app.appId, alice.userId, { ended: true });

    const listed = await http('GET', `/v1/admin/apps/${app.appId}/sessions?userId=${alice.userId}`, {
      token: owner.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBe(2);
    expect(listed.body.data.every((s: { userId: string }) => s.userId === alice.userId)).toBe(true);

    const res = await http('DELETE', usersPath(app, `/${alice.userId}/sessions`), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { ended: 2 } });

    const check = await client.call({ type: 'check', sessionToken: first.body.data.sessionToken });
    expect(check.status).toBe(401);
    expect(check.body.message).toBe(ClientMessage.invalidSession);
    expect(await sessionState(bobSession)).toEqual({ ended: false, reason: null });
    expect(await sessionState(idle)).toEqual({ ended: true, reason: 'admin' });
    expect(await sessionState(endedBefore)).toEqual({ ended: true, reason: null });
    const entries = await auditEntries(owner, app, '&type=admin.user.sessions.end');
    expect(entries[0]).toMatchObject({ actor: owner.email, details: { userId: alice.userId, ended: 2 } });

    // Again: nothing left to end.
    const again = await http('DELETE', usersPath(app, `/${alice.userId}/sessions`), { token: owner.token });
    expect(again.body.data).toEqual({ ended: 0 });
  });

  it("is not found for an unknown user or another owner's, and checks the filter's id", async () => {
    const app = await createApp(owner);
    const other = await signupOwner();
    const otherApp = await createApp(other);
    const stranger = await createUser(other, otherApp);
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', stranger.userId]) {
      const res = await http('DELETE', usersPath(app, `/${userId}/sessions`), { token: owner.token });
      expect(res.status).toBe(404);
    }
    expect(await sessionState(await insertSession(otherApp.appId, stranger.userId))).toEqual({
      ended: false,
      reason: null,
    });
    const bad = await http('GET', `/v1/admin/apps/${app.appId}/sessions?userId=nope`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContain('userId must be a UUID');
  });
});
