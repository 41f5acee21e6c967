// A user's own variables: the `/v1` types uservar, setuservar, deluservar and
// uservars, and the owner's routes under .../users/{userId}/variables.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CreatedApp } from '@latchkey/contracts';
import { ClientLimits } from '@latchkey/contracts';
import { clientFor, type TestClient } from './support/api.js';
import { createApp, createLicense, createUser, type Owner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

const PER_USER = ClientLimits.userVariablesPerUser;
const VALUE_MAX = ClientLimits.userVariableValueMax;

let owner: Owner;
let app: CreatedApp;
let client: TestClient;

beforeAll(async () => {
  owner = await signupOwner();
  app = await createApp(owner);
  client = clientFor(app);
});
afterAll(closeDb);

/** A license-only session: the key's implicit user owns the variables. */
async function session(): Promise<{ token: string; userId: string }> {
  const license = await createLicense(owner, app);
  const res = await client.license(license.key);
  expect(res.status).toBe(200);
  return { token: res.body.data.sessionToken, userId: res.body.data.user.userId };
}

const getVar = (sessionToken: string, key: string) => client.call({ type: 'uservar', sessionToken, key });
const setVar = (sessionToken: string, key: string, value: unknown) =>
  client.call({ type: 'setuservar', sessionToken, key, value });
const delVar = (sessionToken: string, key: string) => client.call({ type: 'deluservar', sessionToken, key });
const allVars = (sessionToken: string) => client.call({ type: 'uservars', sessionToken });

const answer = (res: { status: number; body: { message: string } }) => [res.status, res.body.message];

async function storedCount(userId: string): Promise<number> {
  const { rows } = await db().query(`SELECT count(*)::int AS n FROM user_variables WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

describe('the /v1 types', () => {
  it('set, read, replace, list and delete a variable, every answer signed', async () => {
    const { token } = await session();
    const set = await setVar(token, 'theme', 'dark');
    expect(set.verified).toBe(true);
    expect([set.status, set.body]).toEqual([
      200,
      { success: true, message: 'User variable saved', data: { key: 'theme', value: 'dark' } },
    ]);
    const read = await getVar(token, 'theme');
    expect(read.verified).toBe(true);
    expect([read.status, read.body]).toEqual([
      200,
      { success: true, message: 'User variable retrieved', data: { key: 'theme', value: 'dark' } },
    ]);

    expect((await setVar(token, 'theme', 'light')).status).toBe(200);
    expect((await getVar(token, 'theme')).body.data.value).toBe('light');
    expect((await setVar(token, 'a.first', '')).status).toBe(200);

    const all = await allVars(token);
    expect([all.status, all.body]).toEqual([
      200,
      {
        success: true,
        message: 'User variables retrieved',
        data: {
          variables: [
            { key: 'a.first', value: '' },
            { key: 'theme', value: 'light' },
          ],
        },
      },
    ]);

    const deleted = await delVar(token, 'theme');
    expect([deleted.status, deleted.body]).toEqual([
      200,
      { success: true, message: 'User variable deleted', data: {} },
    ]);
    expect(answer(await getVar(token, 'theme'))).toEqual([404, 'Variable not found']);
    expect(answer(await delVar(token, 'theme'))).toEqual([404, 'Variable not found']);
  });

  it('works for a user who logs in with a password', async () => {
    const user = await createUser(owner, app);
    const login = await client.login(user.username, USER_PASSWORD);
    const token = login.body.data.sessionToken;
    expect((await setVar(token, 'k', 'v')).status).toBe(200);
    expect((await getVar(token, 'k')).body.data).toEqual({ key: 'k', value: 'v' });
  });

  it('keeps each user to its own variables', async () => {
    const alice = await session();
    const bob = await session();
    await setVar(alice.token, 'secret', 'alice only');
    expect(answer(await getVar(bob.token, 'secret'))).toEqual([404, 'Variable not found']);
    expect(answer(await delVar(bob.token, 'secret'))).toEqual([404, 'Variable not found']);
    expect((await allVars(bob.token)).body.data).toEqual({ variables: [] });
    // Bob's value under the same key is his own.
    await setVar(bob.token, 'secret', 'bob only');
    expect((await getVar(alice.token, 'secret')).body.data.value).toBe('alice only');
  });

  it("refuses a session of another app, even with that app's token", async () => {
    const { token } = await session();
    await setVar(token, 'here', 'x');
    const other = clientFor(await createApp(owner));
    const res = await other.call({ type: 'uservar', sessionToken: token, key: 'here' });
    expect(answer(res)).toEqual([401, 'Invalid or expired session']);
  });

  it('refuses every type without a live session', async () => {
    const { token, userId } = await session();
    for (const call of [
      (t: string) => getVar(t, 'k'),
      (t: string) => setVar(t, 'k', 'v'),
      (t: string) => delVar(t, 'k'),
      (t: string) => allVars(t),
    ]) {
      expect(answer(await call('not-a-session-token'))).toEqual([401, 'Invalid or expired session']);
    }
    for (const type of ['uservar', 'setuservar', 'deluservar', 'uservars']) {
      expect(answer(await client.call({ type, key: 'k', value: 'v' }))).toEqual([400, 'sessionToken is required']);
    }
    expect((await client.logout(token)).status).toBe(200);
    expect(answer(await setVar(token, 'k', 'v'))).toEqual([401, 'Invalid or expired session']);
    expect(answer(await getVar(token, 'k'))).toEqual([401, 'Invalid or expired session']);
    expect(await storedCount(userId)).toBe(0);
  });

  it("refuses a banned user's session", async () => {
    const { token, userId } = await session();
    await http('POST', `/v1/admin/apps/${app.appId}/users/${userId}/ban`, { token: owner.token, body: {} });
    expect(answer(await setVar(token, 'k', 'v'))).toEqual([401, 'Invalid or expired session']);
  });

  it('refuses keys and values outside the limits, naming the field', async () => {
    const { token, userId } = await session();
    const keyRule = 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -';
    expect(answer(await setVar(token, 'k'.repeat(65), 'v'))).toEqual([400, 'key must be 1-64 characters']);
    expect(answer(await setVar(token, '', 'v'))).toEqual([400, 'key must be 1-64 characters']);
    expect(answer(await setVar(token, 'no spaces', 'v'))).toEqual([400, keyRule]);
    expect(answer(await getVar(token, 'ümlaut'))).toEqual([400, keyRule]);
    expect(answer(await delVar(token, 'a/b'))).toEqual([400, keyRule]);
    expect(answer(await client.call({ type: 'setuservar', sessionToken: token, key: 'k' }))).toEqual([
      400,
      'value is required',
    ]);
    expect(answer(await setVar(token, 'k', 42))).toEqual([400, 'value must be a string']);
    expect(answer(await setVar(token, 'k', 'v'.repeat(VALUE_MAX + 1)))).toEqual([
      400,
      `value must be at most ${VALUE_MAX} characters`,
    ]);
    expect(await storedCount(userId)).toBe(0);
    expect((await setVar(token, 'k'.repeat(64), 'v'.repeat(VALUE_MAX))).status).toBe(200);
  });

  it(`holds a user to ${PER_USER} variables; replacing one at the limit is fine`, async () => {
    const { token, userId } = await session();
    for (let i = 0; i < PER_USER; i++) expect((await setVar(token, `key${i}`, 'v')).status).toBe(200);
    expect(answer(await setVar(token, 'one.more', 'v'))).toEqual([409, 'User variable limit reached']);
    expect((await setVar(token, 'key0', 'replaced')).status).toBe(200);
    expect((await delVar(token, 'key1')).status).toBe(200);
    expect((await setVar(token, 'one.more', 'v')).status).toBe(200);
    expect(await storedCount(userId)).toBe(PER_USER);
  });

  it('never goes past the limit under parallel writes of new keys', async () => {
    const { token, userId } = await session();
    const attempts = PER_USER + 20;
    const results = await Promise.all(Array.from({ length: attempts }, (_, i) => setVar(token, `parallel${i}`, 'v')));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(attempts - PER_USER);
    expect(await storedCount(userId)).toBe(PER_USER);
  });

  it('never goes past the limit when two sessions of one user write at once', async () => {
    const license = await createLicense(owner, app, { maxDevices: 2 });
    const first = await client.license(license.key, 'machine-1');
    const second = await client.license(license.key, 'machine-1');
    const tokens = [first.body.data.sessionToken, second.body.data.sessionToken];
    const userId = first.body.data.user.userId;
    const results = await Promise.all(
      Array.from({ length: PER_USER + 10 }, (_, i) => setVar(tokens[i % 2]!, `both${i}`, 'v')),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(PER_USER);
    expect(await storedCount(userId)).toBe(PER_USER);
  });

  it("goes with its user: deleting the user deletes the user's variables", async () => {
    const { token, userId } = await session();
    await setVar(token, 'k', 'v');
    expect(await storedCount(userId)).toBe(1);
    expect((await http('DELETE', `/v1/admin/apps/${app.appId}/users/${userId}`, { token: owner.token })).status).toBe(
      200,
    );
    expect(await storedCount(userId)).toBe(0);
  });
});

describe('the admin routes', () => {
  const base = (userId: string, appId = app.appId) => `/v1/admin/apps/${appId}/users/${userId}/variables`;

  it("lists, creates (201), replaces (200) and deletes a user's variables, audited", async () => {
    const { token, userId } = await session();
    await setVar(token, 'from.client', 'c');

    const created = await http('PUT', `${base(userId)}/from.owner`, { token: owner.token, body: { value: 'o' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: { key: 'from.owner', value: 'o', createdAt: expect.any(String), updatedAt: expect.any(String) },
    });
    const replaced = await http('PUT', `${base(userId)}/from.owner`, { token: owner.token, body: { value: 'o2' } });
    expect([replaced.status, replaced.body.data.value]).toEqual([200, 'o2']);
    expect((await getVar(token, 'from.owner')).body.data.value).toBe('o2');

    const list = await http('GET', base(userId), { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 25, total: 2 });
    expect(list.body.data.map((v: { key: string; value: string }) => [v.key, v.value])).toEqual([
      ['from.client', 'c'],
      ['from.owner', 'o2'],
    ]);

    expect((await http('DELETE', `${base(userId)}/from.client`, { token: owner.token })).body).toEqual({
      success: true,
      data: {},
    });
    expect(answer(await getVar(token, 'from.client'))).toEqual([404, 'Variable not found']);
    const again = await http('DELETE', `${base(userId)}/from.client`, { token: owner.token });
    expect([again.status, again.body.code]).toEqual([404, 'NOT_FOUND']);

    const logs = await http('GET', `/v1/admin/apps/${app.appId}/logs?type=admin.user.variable`, {
      token: owner.token,
    });
    expect(logs.body.data.map((e: { type: string; details: unknown }) => [e.type, e.details])).toEqual([
      ['admin.user.variable.delete', { userId, key: 'from.client' }],
      ['admin.user.variable.set', { userId, key: 'from.owner', created: false }],
      ['admin.user.variable.set', { userId, key: 'from.owner', created: true }],
    ]);
  });

  it('refuses a bad key or value with VALIDATION naming the field', async () => {
    const { userId } = await session();
    const badKey = await http('PUT', `${base(userId)}/bad key`, { token: owner.token, body: { value: 'v' } });
    const keyRule = 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -';
    expect([badKey.status, badKey.body]).toEqual([
      400,
      {
        success: false,
        code: 'VALIDATION',
        message: keyRule,
        errors: [keyRule],
        fields: [{ field: 'key', message: keyRule }],
      },
    ]);
    const long = await http('PUT', `${base(userId)}/k`, {
      token: owner.token,
      body: { value: 'v'.repeat(VALUE_MAX + 1) },
    });
    expect([long.status, long.body.code, long.body.fields]).toEqual([
      400,
      'VALIDATION',
      [{ field: 'value', message: `value must be at most ${VALUE_MAX} characters` }],
    ]);
    const missing = await http('PUT', `${base(userId)}/k`, { token: owner.token, body: {} });
    expect([missing.status, missing.body.fields]).toEqual([
      400,
      [{ field: 'value', message: 'value must be a string' }],
    ]);
    expect(await storedCount(userId)).toBe(0);
  });

  it('refuses a new key past the limit with USER_VARIABLE_LIMIT, in parallel too', async () => {
    const { userId } = await session();
    const results = await Promise.all(
      Array.from({ length: PER_USER + 5 }, (_, i) =>
        http('PUT', `${base(userId)}/owner${i}`, { token: owner.token, body: { value: 'v' } }),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(PER_USER);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.code, res.body.message])).toEqual(
      Array(5).fill([409, 'USER_VARIABLE_LIMIT', 'User variable limit reached']),
    );
    expect(await storedCount(userId)).toBe(PER_USER);
  });

  it("answers 404 for another owner, another app's user, an unknown or malformed user id", async () => {
    const { userId } = await session();
    await http('PUT', `${base(userId)}/k`, { token: owner.token, body: { value: 'v' } });
    const stranger = await signupOwner();
    const strangersApp = await createApp(stranger);
    const ownApp = await createApp(owner);
    const notFound = { success: false, code: 'NOT_FOUND', message: 'Not found' };
    const attempts: Array<[string, string, string, unknown?]> = [
      [stranger.token, 'GET', base(userId)],
      [stranger.token, 'PUT', `${base(userId)}/k`, { value: 'x' }],
      [stranger.token, 'DELETE', `${base(userId)}/k`],
      [stranger.token, 'GET', base(userId, strangersApp.appId)],
      [owner.token, 'GET', base(userId, ownApp.appId)],
      [owner.token, 'PUT', `${base(userId, ownApp.appId)}/k`, { value: 'x' }],
      [owner.token, 'DELETE', `${base(userId, ownApp.appId)}/k`],
      [owner.token, 'GET', base(randomUUID())],
      [owner.token, 'PUT', `${base(randomUUID())}/k`, { value: 'x' }],
      [owner.token, 'GET', base('not-a-uuid')],
      [owner.token, 'DELETE', `${base('not-a-uuid')}/k`],
    ];
    for (const [token, method, path, body] of attempts) {
      const res = await http(method, path, { token, body });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 404,
        body: notFound,
      });
    }
    expect((await http('GET', base(userId), { token: owner.token })).body.data).toHaveLength(1);
    expect((await http('GET', base(userId))).status).toBe(401);
  });
});
