// Issue 8, account security: change password, the account's live sign-ins, token expiry.
// Issue 23: a password change or reset ends personal access tokens too.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createApp, signedInReseller, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

afterAll(closeDb);

async function personalToken(token: string): Promise<string> {
  const res = await http('POST', '/v1/admin/tokens', { token, body: { name: 'script' } });
  expect(res.status).toBe(201);
  return res.body.data.token;
}

async function signIn(email: string, password: string, userAgent: string) {
  const res = await http('POST', '/v1/admin/auth/login', {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res.body.data.accessToken as string;
}

describe('change password', () => {
  it('revokes every other token, personal ones included, keeps the current one, and takes the new password', async () => {
    const owner = await signupOwner();
    const laptop = await signIn(owner.email, owner.password, 'laptop');
    const phone = await signIn(owner.email, owner.password, 'phone');
    const pat = await personalToken(owner.token);

    const res = await http('POST', '/v1/admin/auth/password', {
      token: laptop,
      body: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect([res.status, res.body]).toEqual([200, { success: true, data: { revokedTokens: 3, revokedInvitations: 0 } }]);
    expect((await http('GET', '/v1/admin/me', { token: laptop })).status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: phone })).status).toBe(401);
    expect((await http('GET', '/v1/admin/me', { token: owner.token })).status).toBe(401);
    expect((await http('GET', '/v1/admin/me', { token: pat })).status).toBe(401);

    const old = await http('POST', '/v1/admin/auth/login', { body: { email: owner.email, password: owner.password } });
    expect(old.status).toBe(401);
    await signIn(owner.email, 'a brand new password', 'laptop');
  });

  it('answers 401 to a wrong current password and 400 to a short new one, changing nothing', async () => {
    const owner = await signupOwner();
    const wrong = await http('POST', '/v1/admin/auth/password', {
      token: owner.token,
      body: { currentPassword: 'not the password', newPassword: 'a brand new password' },
    });
    expect([wrong.status, wrong.body]).toEqual([
      401,
      { success: false, code: 'WRONG_CURRENT_PASSWORD', message: 'Current password is incorrect' },
    ]);
    const short = await http('POST', '/v1/admin/auth/password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'short' },
    });
    expect([short.status, short.body.message]).toEqual([400, 'newPassword must be 8-128 characters']);
    expect((await http('GET', '/v1/admin/me', { token: owner.token })).status).toBe(200);
    await signIn(owner.email, owner.password, 'x');
  });
});

describe('personal access tokens and passwords (issue 23)', () => {
  it('a personal token cannot change the password, even with the current one (issue 37)', async () => {
    const owner = await signupOwner();
    const script = await personalToken(owner.token);
    const res = await http('POST', '/v1/admin/auth/password', {
      token: script,
      body: { currentPassword: owner.password, newPassword: 'a brand new password' },
    });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'PERSONAL_TOKEN_NOT_ALLOWED' });
    expect((await http('GET', '/v1/admin/me', { token: owner.token })).status).toBe(200);
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
  });

  it("an owner resetting a reseller's password ends the reseller's personal tokens with its sign-ins", async () => {
    const owner = await signupOwner();
    const app = await createApp(owner);
    const reseller = await signedInReseller(owner, app, { credits: 2 });
    const pat = await personalToken(reseller.token);
    const key = { durationType: '1d' };
    const licenses = `/v1/admin/apps/${app.appId}/licenses`;
    expect((await http('POST', licenses, { token: pat, body: key })).status).toBe(201);

    const reset = await http('PATCH', `/v1/admin/apps/${app.appId}/resellers/${reseller.id}`, {
      token: owner.token,
      body: { password: 'a new reseller password' },
    });
    expect(reset.status).toBe(200);
    expect((await http('POST', licenses, { token: pat, body: key })).status).toBe(401);
    expect((await http('GET', '/v1/admin/me', { token: reseller.token })).status).toBe(401);
  });
});

describe('live sign-ins', () => {
  it('lists login tokens with IP, user agent and the current one marked; any can be revoked', async () => {
    const owner = await signupOwner();
    const other = await signIn(owner.email, owner.password, 'Firefox on the other laptop');
    const list = await http('GET', '/v1/admin/auth/sessions', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const [newest, oldest] = list.body.data;
    expect(newest).toMatchObject({ ip: '127.0.0.1', userAgent: 'Firefox on the other laptop', current: false });
    expect(oldest).toMatchObject({ current: true });
    expect(Date.parse(newest.expiresAt)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(list.body)).not.toContain(other);

    expect((await http('DELETE', `/v1/admin/tokens/${newest.id}`, { token: owner.token })).status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: other })).status).toBe(401);
    const after = await http('GET', '/v1/admin/auth/sessions', { token: owner.token });
    expect(after.body.data.map((s: { id: string }) => s.id)).toEqual([oldest.id]);
  });

  it("never lists or revokes another account's sign-ins", async () => {
    const a = await signupOwner();
    const b = await signupOwner();
    const bSessions = (await http('GET', '/v1/admin/auth/sessions', { token: b.token })).body.data;
    expect((await http('DELETE', `/v1/admin/tokens/${bSessions[0].id}`, { token: a.token })).status).toBe(404);
    expect((await http('GET', '/v1/admin/me', { token: b.token })).status).toBe(200);
  });
});

describe('personal access token expiry', () => {
  it('sets expiresAt from expiresInDays, refuses a token once expired, and lists without the token', async () => {
    const owner = await signupOwner();
    const created = await http('POST', '/v1/admin/tokens', {
      token: owner.token,
      body: { name: 'deploy', expiresInDays: 7 },
    });
    expect(created.status).toBe(201);
    const expected = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(Date.parse(created.body.data.expiresAt) - expected)).toBeLessThan(60_000);
    expect((await http('GET', '/v1/admin/me', { token: created.body.data.token })).status).toBe(200);

    await db().query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      created.body.data.id,
    ]);
    expect((await http('GET', '/v1/admin/me', { token: created.body.data.token })).status).toBe(401);
    const list = await http('GET', '/v1/admin/tokens', { token: owner.token });
    expect(list.body.data.map((t: { id: string }) => t.id)).not.toContain(created.body.data.id);

    const forever = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: 'forever' } });
    expect(forever.body.data.expiresAt).toBeNull();
  });

  it.each([0, 3651, 1.5, '7'])('refuses expiresInDays %j with 400', async (expiresInDays) => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: 'x', expiresInDays } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^expiresInDays must be/);
  });
});
