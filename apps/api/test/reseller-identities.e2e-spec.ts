// Issue 23, finding 8: creating a reseller must not tell which emails have an
// account elsewhere on the service, and is rate limited per acting account.
// Reseller emails are unique within their app, owner emails among owners; a
// sign-in finds the account whose password matches.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { type RunningApi, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { createApp, createReseller, ownerWithApp, RESELLER_PASSWORD, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';

const { owner, app } = ownerWithApp();
afterAll(closeDb);

const freshEmail = () => `identity-${randomUUID()}@example.com`;

function create(appId: string, email: string, password = RESELLER_PASSWORD, token = owner.token) {
  return http('POST', `/v1/admin/apps/${appId}/resellers`, { token, body: { email, password } });
}

/** Signs in; the account the answer names, and its token. */
async function signIn(email: string, password: string) {
  const res = await http('POST', '/v1/admin/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return { account: res.body.data.account, token: res.body.data.accessToken as string };
}

/** What a creation answers, without what differs between any two resellers. */
function shape(res: { status: number; body: any }) {
  const { id, email, createdAt, ...rest } = res.body.data;
  return { status: res.status, body: { ...res.body, data: rest }, kinds: [id, email, createdAt].map((v) => typeof v) };
}

describe('emails of accounts elsewhere', () => {
  it("answers another owner's email and another app's reseller's email like a fresh one", async () => {
    const stranger = await signupOwner();
    const theirApp = await createApp(stranger);
    const theirReseller = await createReseller(stranger, theirApp);

    const fresh = await create(app.appId, freshEmail(), 'password of a fresh one');
    const ownerEmail = await create(app.appId, stranger.email, 'password of the first copy');
    const resellerEmail = await create(app.appId, theirReseller.email, 'password of the second copy');
    for (const res of [ownerEmail, resellerEmail]) expect(shape(res)).toEqual(shape(fresh));

    // Each account signs in with its own password and reaches only its own data.
    const strangerIn = await signIn(stranger.email, stranger.password);
    expect(strangerIn.account).toEqual({ id: stranger.accountId, email: stranger.email, role: 'owner' });
    const copyIn = await signIn(stranger.email, 'password of the first copy');
    expect(copyIn.account).toEqual({ id: ownerEmail.body.data.id, email: stranger.email, role: 'reseller' });
    const theirsIn = await signIn(theirReseller.email, RESELLER_PASSWORD);
    expect(theirsIn.account.id).toBe(theirReseller.id);
    const secondIn = await signIn(theirReseller.email, 'password of the second copy');
    expect(secondIn.account.id).toBe(resellerEmail.body.data.id);

    const appsOf = async (token: string) =>
      (await http('GET', '/v1/admin/apps', { token })).body.data.map((a: { appId: string }) => a.appId);
    expect(await appsOf(strangerIn.token)).toEqual([theirApp.appId]);
    expect(await appsOf(copyIn.token)).toEqual([app.appId]);
    expect(await appsOf(theirsIn.token)).toEqual([theirApp.appId]);
    expect(await appsOf(secondIn.token)).toEqual([app.appId]);
    const licensesOf = (appId: string, token: string) => http('GET', `/v1/admin/apps/${appId}/licenses`, { token });
    expect((await licensesOf(theirApp.appId, copyIn.token)).status).toBe(404);
    expect((await licensesOf(app.appId, theirsIn.token)).status).toBe(404);
    expect((await http('GET', `/v1/admin/apps/${app.appId}`, { token: strangerIn.token })).status).toBe(404);

    // A wrong password is refused whoever has the email.
    const wrong = await http('POST', '/v1/admin/auth/login', {
      body: { email: stranger.email, password: 'nope nope' },
    });
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid email or password']);
  });

  it("lets an owner sign up with a reseller's email; owners' emails stay unique among owners", async () => {
    const reseller = await createReseller(owner, app);
    const signup = (email: string) =>
      http('POST', '/v1/admin/auth/signup', { body: { email, password: 'an owner password' } });
    expect((await signup(reseller.email)).status).toBe(201);
    const again = await signup(reseller.email.toUpperCase());
    expect([again.status, again.body.message]).toEqual([409, 'Email already registered']);
    expect((await signIn(reseller.email, 'an owner password')).account.role).toBe('owner');
    expect((await signIn(reseller.email, RESELLER_PASSWORD)).account.id).toBe(reseller.id);
  });

  it('signs in the oldest enabled account whose password matches when several share email and password', async () => {
    const email = freshEmail();
    const other = await createApp(owner);
    const older = (await create(app.appId, email)).body.data;
    const newer = (await create(other.appId, email)).body.data;
    expect((await signIn(email, RESELLER_PASSWORD)).account.id).toBe(older.id);
    await http('DELETE', `/v1/admin/apps/${app.appId}/resellers/${older.id}`, { token: owner.token });
    expect((await signIn(email, RESELLER_PASSWORD)).account.id).toBe(newer.id);
  });
});

describe('emails within one app', () => {
  it("refuses the app's own reseller's email and the owner's own email with 409", async () => {
    const taken = await createReseller(owner, app);
    for (const email of [taken.email.toUpperCase(), owner.email]) {
      const res = await create(app.appId, email);
      expect([res.status, res.body]).toEqual([
        409,
        { success: false, code: 'EMAIL_TAKEN', message: 'Email already registered' },
      ]);
    }
  });

  it('gives exactly one 201 to parallel creations of one email in one app', async () => {
    const email = freshEmail();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(app.appId, email)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await http('GET', `/v1/admin/apps/${app.appId}/resellers?limit=100`, { token: owner.token });
    expect(listed.body.data.filter((r: { email: string }) => r.email === email)).toHaveLength(1);
  });
});

// The global API runs with a high limit (scripts/test-service.mjs); this one has the default.
describe('creation rate limit', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { RESELLER_CREATE_RATE_LIMIT_PER_MINUTE: '10' }),
    );
  }, 60_000);
  afterAll(() => api?.stop());

  it('answers the 11th creation of one account in a window with 429 and Retry-After, across its apps', async () => {
    const limited = await signupOwner();
    const apps = [await createApp(limited), await createApp(limited)];
    const post = (n: number, token = limited.token, appId = apps[n % 2]!.appId) =>
      http('POST', `/v1/admin/apps/${appId}/resellers`, {
        baseUrl: api.url,
        token,
        body: { email: freshEmail(), password: RESELLER_PASSWORD },
      });
    for (let n = 0; n < 10; n++) expect((await post(n)).status).toBe(201);
    const refused = await post(10);
    expect([refused.status, refused.body]).toEqual([
      429,
      { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    ]);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another account has a count of its own.
    const other = await signupOwner();
    const otherApp = await createApp(other);
    expect((await post(0, other.token, otherApp.appId)).status).toBe(201);
  });
});
