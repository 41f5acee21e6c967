// Issue 23, finding 6: every byte of a password counts (bcrypt alone reads 72),
// and hashes made before the change still sign in and are re-hashed then.
import { afterAll, describe, expect, it } from '@jest/globals';
import bcrypt from 'bcrypt';
import { clientFor } from './support/api.js';
import { createApp, createLicense, createReseller, createUser, signedUpOwner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

/** 80 bytes; SIBLING shares its first 72 and differs after them. */
const LONG = `${'k'.repeat(72)}-right-1`;
const SIBLING = `${'k'.repeat(72)}-wrong-2`;
/** What stored hashes of the current scheme start with (plain bcrypt is the legacy one). */
const CURRENT_SCHEME = /^hmac-sha256:\$2b\$/;
/** The test API's BCRYPT_COST. */
const TEST_COST = 4;

const owner = signedUpOwner();
afterAll(closeDb);

function adminLogin(email: string, password: string) {
  return http('POST', '/v1/admin/auth/login', { body: { email, password } });
}

/** A hash made the way the code before issue 23 made it: bcrypt over the password itself. */
function legacyHash(password: string): Promise<string> {
  return bcrypt.hash(password, TEST_COST);
}

async function accountHash(accountId: string): Promise<string> {
  return (await db().query('SELECT password_hash FROM accounts WHERE id = $1', [accountId])).rows[0].password_hash;
}

async function userHash(userId: string): Promise<string> {
  return (await db().query('SELECT password_hash FROM users WHERE id = $1', [userId])).rows[0].password_hash;
}

describe('passwords longer than 72 bytes', () => {
  it('owner sign-in and password change: only the exact password counts', async () => {
    const email = `long-${Date.now()}@example.com`;
    const signup = await http('POST', '/v1/admin/auth/signup', { body: { email, password: LONG } });
    expect(signup.status).toBe(201);
    expect((await adminLogin(email, SIBLING)).status).toBe(401);
    expect((await adminLogin(email, LONG)).status).toBe(200);
    const change = (currentPassword: string) =>
      http('POST', '/v1/admin/auth/password', {
        token: signup.body.data.accessToken,
        body: { currentPassword, newPassword: 'another long password' },
      });
    expect((await change(SIBLING)).status).toBe(401);
    expect((await change(LONG)).status).toBe(200);
  });

  it('reseller sign-in, with the password it was made with and one its owner set: only the exact password counts', async () => {
    const app = await createApp(owner);
    const reseller = await createReseller(owner, app, { password: LONG });
    expect((await adminLogin(reseller.email, SIBLING)).status).toBe(401);
    expect((await adminLogin(reseller.email, LONG)).status).toBe(200);
    const reset = await http('PATCH', `/v1/admin/apps/${app.appId}/resellers/${reseller.id}`, {
      token: owner.token,
      body: { password: SIBLING },
    });
    expect(reset.status).toBe(200);
    expect((await adminLogin(reseller.email, LONG)).status).toBe(401);
    expect((await adminLogin(reseller.email, SIBLING)).status).toBe(200);
  });

  it('end users on /v1 (register, login, upgrade, and users the owner made): only the exact password counts', async () => {
    const app = await createApp(owner);
    const client = clientFor(app);
    const registered = await client.register('long_pw_user', LONG, (await createLicense(owner, app)).key);
    expect(registered.status).toBe(200);
    expect((await client.login('long_pw_user', SIBLING)).status).toBe(401);
    expect((await client.login('long_pw_user', LONG)).status).toBe(200);

    const made = await createUser(owner, app, { password: LONG });
    expect((await client.login(made.username, SIBLING)).status).toBe(401);
    const key = await createLicense(owner, app);
    expect((await client.upgrade(made.username, SIBLING, key.key)).status).toBe(401);
    expect((await client.upgrade(made.username, LONG, key.key)).status).toBe(200);
  });

  it('stores new hashes in the current scheme', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    expect(await userHash(user.userId)).toMatch(CURRENT_SCHEME);
    expect(await accountHash(owner.accountId)).toMatch(CURRENT_SCHEME);
  });
});

describe('hashes made before issue 23', () => {
  it('an owner signs in with one and it is re-hashed to the current scheme', async () => {
    const account = await signupOwner();
    await db().query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [
      await legacyHash(account.password),
      account.accountId,
    ]);
    expect((await adminLogin(account.email, 'not the password')).status).toBe(401);
    expect((await adminLogin(account.email, account.password)).status).toBe(200);
    expect(await accountHash(account.accountId)).toMatch(CURRENT_SCHEME);
    expect((await adminLogin(account.email, account.password)).status).toBe(200);
    expect((await adminLogin(account.email, 'not the password')).status).toBe(401);
  });

  it('an end user logs in on /v1 with one, and upgrades with one, and each is re-hashed', async () => {
    const app = await createApp(owner);
    const client = clientFor(app);
    for (const call of ['login', 'upgrade'] as const) {
      const user = await createUser(owner, app, { password: 'legacy password' });
      await db().query('UPDATE users SET password_hash = $1 WHERE id = $2', [
        await legacyHash('legacy password'),
        user.userId,
      ]);
      const signIn = async (password: string) =>
        call === 'login'
          ? client.login(user.username, password)
          : client.upgrade(user.username, password, (await createLicense(owner, app)).key);
      expect([call, (await signIn('wrong password')).status]).toEqual([call, 401]);
      expect([call, (await signIn('legacy password')).status]).toEqual([call, 200]);
      expect([call, await userHash(user.userId)]).toEqual([call, expect.stringMatching(CURRENT_SCHEME)]);
      expect([call, (await client.login(user.username, 'legacy password')).status]).toEqual([call, 200]);
      expect([call, (await client.login(user.username, 'wrong password')).status]).toEqual([call, 401]);
    }
  });

  it('parallel sign-ins with a legacy hash all succeed, and a password change made meanwhile is never undone', async () => {
    const account = await signupOwner();
    await db().query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [
      await legacyHash(account.password),
      account.accountId,
    ]);
    const [change, ...logins] = await Promise.all([
      http('POST', '/v1/admin/auth/password', {
        token: account.token,
        body: { currentPassword: account.password, newPassword: 'the password after' },
      }),
      ...Array.from({ length: 6 }, () => adminLogin(account.email, account.password)),
    ]);
    expect(change!.status).toBe(200);
    // Each login ran before or after the change; none may have written the old password back.
    for (const login of logins) expect([200, 401]).toContain(login.status);
    expect(await accountHash(account.accountId)).toMatch(CURRENT_SCHEME);
    expect((await adminLogin(account.email, 'the password after')).status).toBe(200);
    expect((await adminLogin(account.email, account.password)).status).toBe(401);
  });

  it('keeps a legacy hash of a password of 72 bytes or more: a match proves only its first 72 bytes', async () => {
    const account = await signupOwner();
    const legacy = await legacyHash(LONG);
    await db().query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [legacy, account.accountId]);
    // Re-hashing whichever variant came first could lock the real holder out.
    expect((await adminLogin(account.email, SIBLING)).status).toBe(200);
    expect((await adminLogin(account.email, LONG)).status).toBe(200);
    expect(await accountHash(account.accountId)).toBe(legacy);
  });
});

describe('a stored hash costlier than the server checks (issue 37, finding 2)', () => {
  // The test API's BCRYPT_COST is 4, so the most a plain bcrypt hash may cost is 12 (PLAIN_HASH_COST_FLOOR).
  it('fails as a wrong password would, at the server’s cost: a plain hash of cost 13 never signs in', async () => {
    const app = await createApp(owner);
    const client = clientFor(app);
    const [atCeiling, above] = await Promise.all([createUser(owner, app), createUser(owner, app)]);
    // bcrypt.hash at 12 and 13 here costs the spec about a second; a check of each costs the server as much.
    const [hash12, hash13] = await Promise.all([
      bcrypt.hash('costly password', 12),
      bcrypt.hash('costly password', 13),
    ]);
    await db().query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash12, atCeiling.userId]);
    await db().query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash13, above.userId]);
    expect((await client.login(atCeiling.username, 'costly password')).status).toBe(200);
    const refused = await client.login(above.username, 'costly password');
    expect([refused.status, refused.body.message]).toEqual([401, 'Invalid username or password']);
    expect(await userHash(above.userId)).toBe(hash13);

    const account = await signupOwner();
    await db().query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [hash13, account.accountId]);
    expect((await adminLogin(account.email, 'costly password')).status).toBe(401);
  }, 60_000);
});
