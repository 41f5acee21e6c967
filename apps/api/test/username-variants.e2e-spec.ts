// Usernames have one canonical form, the ASCII lower case of a name made of
// A-Z, a-z, 0-9, _ . - (usernameKey): Unicode case variants (dotted capital
// I, the Kelvin sign, long s, fullwidth letters) neither reach an existing
// user nor slip past a blacklisted name, on any route that takes a username.
import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import { createApp, createLicense, createUser, signedUpOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

const USERNAME_RULE = 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -';

const owner = signedUpOwner();
afterAll(closeDb);

/** Each variant with the ASCII name a Unicode case mapping folds it onto. */
const VARIANTS: Array<[variant: string, folds: string]> = [
  ['\u0130van', 'ivan'], // İvan: dotted capital I lowers to i (PostgreSQL) or i + U+0307 (JavaScript)
  ['\u0130VAN', 'ivan'],
  ['i\u0307van', 'ivan'], // i with a combining dot above
  ['\u0131van', 'ivan'], // ıvan: dotless i uppers to I
  ['\uFF29\uFF36\uFF21\uFF2E', 'ivan'], // ＩＶＡＮ, fullwidth
  ['\u212Aevin', 'kevin'], // Kelvin sign lowers to k
  ['\u212AEVIN', 'kevin'],
  ['\u017Fam', 'sam'], // ſam: long s uppers to S
  ['\u017FAM', 'sam'],
  ['\uFF53\uFF41\uFF4D', 'sam'], // ｓａｍ, fullwidth
  ['\u212Aira', 'kira'], // not blacklisted: still no way in as kira
];

/** An app with users ivan, kevin, sam (all blacklisted) and kira (not). */
async function appWithUsers() {
  const app = await createApp(owner);
  const users: Record<string, string> = {};
  for (const name of ['ivan', 'kevin', 'sam', 'kira'])
    users[name] = (await createUser(owner, app, { username: name })).userId;
  for (const name of ['ivan', 'kevin', 'sam']) {
    const res = await http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
      token: owner.token,
      body: { type: 'username', value: name },
    });
    expect(res.status).toBe(201);
  }
  return { app, users, client: clientFor(app) };
}

async function sessionsOf(userIds: string[]): Promise<number> {
  const { rows } = await db().query('SELECT count(*)::int AS n FROM sessions WHERE user_id = ANY($1)', [userIds]);
  return rows[0].n;
}

describe('Unicode case variants of a username', () => {
  it('are refused by login, upgrade and register with the register rule, and reach no user', async () => {
    const { app, users, client } = await appWithUsers();
    const key = await createLicense(owner, app);
    for (const [variant] of VARIANTS) {
      for (const res of [
        await client.login(variant, USER_PASSWORD),
        await client.upgrade(variant, USER_PASSWORD, key.key),
        await client.register(variant, USER_PASSWORD, key.key),
      ]) {
        expect([variant, res.status, res.body]).toEqual([
          variant,
          400,
          { success: false, message: USERNAME_RULE, data: {} },
        ]);
      }
    }
    expect(await sessionsOf(Object.values(users))).toBe(0);
    const license = await http('GET', `/v1/admin/apps/${app.appId}/licenses/${key.id}`, { token: owner.token });
    expect(license.body.data).toMatchObject({ status: 'UNUSED', userId: null });
  });

  it('leave the ASCII spellings to the blacklist: any case of a blacklisted name is 403', async () => {
    const { app, client } = await appWithUsers();
    const key = await createLicense(owner, app);
    for (const name of ['IVAN', 'Ivan', 'KeViN', 'SAM']) {
      for (const res of [
        await client.login(name, USER_PASSWORD),
        await client.upgrade(name, USER_PASSWORD, key.key),
        await client.register(name, USER_PASSWORD, key.key),
      ]) {
        expect([name, res.status, res.body.message]).toEqual([name, 403, 'Access denied']);
      }
    }
    expect((await client.login('KIRA', USER_PASSWORD)).status).toBe(200);
  });

  it('are refused by the admin API: user creation, blacklist entries, and search finds nothing', async () => {
    const { app } = await appWithUsers();
    for (const [variant, folds] of VARIANTS) {
      const created = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
        token: owner.token,
        body: { username: variant, password: USER_PASSWORD },
      });
      expect([variant, created.status, created.body.message]).toEqual([variant, 400, USERNAME_RULE]);
      const entry = await http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
        token: owner.token,
        body: { type: 'username', value: variant },
      });
      expect([variant, entry.status]).toEqual([variant, 400]);
      const found = await http('GET', `/v1/admin/apps/${app.appId}/users?search=${encodeURIComponent(variant)}`, {
        token: owner.token,
      });
      expect([variant, found.body.meta.total]).toEqual([variant, 0]);
      const ascii = await http('GET', `/v1/admin/apps/${app.appId}/users?search=${folds.toUpperCase()}`, {
        token: owner.token,
      });
      expect(ascii.body.data.map((u: { username: string }) => u.username)).toEqual([folds]);
    }
  });

  it('an ASCII name in another case is the same user: taken, and blacklisted once', async () => {
    const { app, client } = await appWithUsers();
    const key = await createLicense(owner, app);
    expect((await client.register('KIRA', USER_PASSWORD, key.key)).body.message).toBe('Username already taken');
    const created = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
      token: owner.token,
      body: { username: 'Kira', password: USER_PASSWORD },
    });
    expect([created.status, created.body.message]).toEqual([409, 'Username already taken']);
    const entry = await http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
      token: owner.token,
      body: { type: 'username', value: 'IVAN' },
    });
    expect([entry.status, entry.body.message]).toEqual([409, 'Blacklist entry already exists']);
  });
});
