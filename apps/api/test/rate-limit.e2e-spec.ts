import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { ThrowawayRedis } from './support/throwaway-redis.js';
import { createApp, createLicense, createUser, type Owner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { enrolTotp } from './support/two-factor.js';

// Two more API processes on the same database and Redis, trusting X-Forwarded-For so
// each test can be a client of its own, with a short window so recovery is quick to see.
const WINDOW_SECONDS = 2;
const ADMIN_LOGIN_LIMIT = 3;
let apis: RunningApi[] = [];
let owner: Owner;

beforeAll(async () => {
  const env = testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, {
    TRUST_PROXY: 'true',
    RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE: String(ADMIN_LOGIN_LIMIT),
  });
  apis = await Promise.all([startApi(env), startApi(env)]);
  owner = await signupOwner();
}, 60_000);
afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await closeDb();
});

/** An address of its own for each test (TEST-NET ranges: never routed, only a header here). */
function clientIp(): string {
  return `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** POST to process `n` (alternating shows the counts are shared) as the client at `ip`. */
function post(n: number, path: string, ip: string, body: unknown) {
  return http('POST', path, { baseUrl: apis[n % apis.length]!.url, headers: { 'x-forwarded-for': ip }, body });
}

async function waitSeconds(seconds: number): Promise<void> {
  await new Promise((r) => setTimeout(r, seconds * 1000 + 100));
}

describe('admin login rate limit', () => {
  it('answers 429 with Retry-After past the limit per IP, across processes, and recovers after the window', async () => {
    const ip = clientIp();
    const attempt = (n: number, password = 'wrong password') =>
      post(n, '/v1/admin/auth/login', ip, { email: owner.email, password });
    for (let n = 0; n < ADMIN_LOGIN_LIMIT; n++) expect((await attempt(n)).status).toBe(401);

    const limited = await attempt(ADMIN_LOGIN_LIMIT, owner.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Another address is not affected.
    expect(
      (await post(0, '/v1/admin/auth/login', clientIp(), { email: owner.email, password: owner.password })).status,
    ).toBe(200);

    await waitSeconds(retryAfter);
    expect((await attempt(1, owner.password)).status).toBe(200);
  });
});

describe('second sign-in step rate limit', () => {
  it('holds the answers to sign-in challenges to the login limit per IP, on a count of their own', async () => {
    const account = await signupOwner();
    await enrolTotp(account.token);
    const ip = clientIp();
    const login = await post(0, '/v1/admin/auth/login', ip, { email: account.email, password: account.password });
    const { challengeToken } = login.body.data;
    // Fewer than the challenge's own attempt limit, so only the rate limit can refuse.
    const answers = await Promise.all(
      Array.from({ length: ADMIN_LOGIN_LIMIT + 1 }, (_, n) =>
        post(n, '/v1/admin/auth/login/second-factor', ip, { challengeToken, recoveryCode: 'zzzz-zzzz-zzzz-zzzz' }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(ADMIN_LOGIN_LIMIT).fill(401), 429]);
  });
});

describe('admin signup rate limit', () => {
  it('counts sign-ups per IP like logins, on a count of their own', async () => {
    const ip = clientIp();
    const signup = (n: number) =>
      post(n, '/v1/admin/auth/signup', ip, { email: `rl-${randomInt(1e9)}@example.com`, password: 'long enough pw' });
    for (let n = 0; n < ADMIN_LOGIN_LIMIT; n++) expect((await signup(n)).status).toBe(201);
    const limited = await signup(ADMIN_LOGIN_LIMIT);
    expect([limited.status, limited.body]).toEqual([
      429,
      { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    ]);
    // Logins from the same address have their own count.
    expect((await post(0, '/v1/admin/auth/login', ip, { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
  });
});

describe('password change rate limit', () => {
  /** An owner of its own, signed up from an address of its own, and a change-password attempt with a token of it. */
  async function freshOwner() {
    const email = `pw-${randomInt(1e9)}@example.com`;
    const signup = await post(0, '/v1/admin/auth/signup', clientIp(), { email, password: 'long enough pw' });
    expect(signup.status).toBe(201);
    return { email, token: signup.body.data.accessToken as string };
  }
  function changePassword(n: number, ip: string, token: string, currentPassword = 'wrong password') {
    return http('POST', '/v1/admin/auth/password', {
      baseUrl: apis[n % apis.length]!.url,
      headers: { 'x-forwarded-for': ip },
      token,
      body: { currentPassword, newPassword: 'another long pw' },
    });
  }

  it('answers 429 with Retry-After past the limit for one account from one IP, across processes', async () => {
    const { token } = await freshOwner();
    const ip = clientIp();
    for (let n = 0; n < ADMIN_LOGIN_LIMIT; n++) expect((await changePassword(n, ip, token)).status).toBe(401);
    const limited = await changePassword(ADMIN_LOGIN_LIMIT, ip, token, 'long enough pw');
    expect([limited.status, limited.body]).toEqual([
      429,
      { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    ]);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  });

  it('holds under parallel attempts: exactly the limit gets through', async () => {
    const { token } = await freshOwner();
    const ip = clientIp();
    const results = await Promise.all(
      Array.from({ length: ADMIN_LOGIN_LIMIT + 3 }, (_, n) => changePassword(n, ip, token)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(ADMIN_LOGIN_LIMIT).fill(401), 429, 429, 429]);
  });

  it('counts per account (another token, another address) and per address (another account)', async () => {
    const owner = await freshOwner();
    const ip = clientIp();
    for (let n = 0; n < ADMIN_LOGIN_LIMIT; n++) expect((await changePassword(n, ip, owner.token)).status).toBe(401);
    // The account's limit is reached while the new address's is not.
    const login = await post(0, '/v1/admin/auth/login', clientIp(), { email: owner.email, password: 'long enough pw' });
    const elsewhere = await changePassword(1, clientIp(), login.body.data.accessToken, 'long enough pw');
    expect([elsewhere.status, elsewhere.body.message]).toEqual([429, 'Too many requests']);
    // The address's limit is reached while another account's is not; elsewhere that account is not limited.
    const other = await freshOwner();
    expect((await changePassword(0, ip, other.token)).status).toBe(429);
    expect((await changePassword(1, clientIp(), other.token)).status).toBe(401);
  });
});

describe('admin rate limits and IPv6', () => {
  it('count an IPv6 client by its /64, as the client limit does', async () => {
    const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
    const login = (n: number, ip: string) =>
      post(n, '/v1/admin/auth/login', ip, { email: owner.email, password: 'wrong password' });
    for (let n = 0; n < ADMIN_LOGIN_LIMIT; n++) expect((await login(n, `${prefix}::${n + 1}`)).status).toBe(401);
    expect((await login(0, `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    // The next /64 is another client.
    expect((await login(1, `2001:db8:ffff:${randomInt(0x10000).toString(16)}::1`)).status).toBe(401);
  });
});

describe('client log lines', () => {
  it('allows 30 lines per session per window, then 429 in the signed envelope', async () => {
    const app = await createApp(owner);
    const license = await createLicense(owner, app);
    const ip = clientIp();
    const base = { appId: app.appId, apiKey: app.apiKey };
    const session = await post(0, '/v1', ip, { ...base, type: 'license', licenseKey: license.key });
    const sessionToken = session.body.data.sessionToken;
    const results = await Promise.all(
      Array.from({ length: 31 }, (_, n) =>
        post(n, '/v1', ip, { ...base, type: 'log', sessionToken, message: `line ${n}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body).toEqual({ success: false, message: 'Too many requests', data: {} });
    expect(limited.headers.get('x-signature-ed25519')).toMatch(/^[0-9a-f]{128}$/);
  });
});

// The app's rateLimitPerMinute on POST /v1.
describe('client rate limit (rateLimitPerMinute)', () => {
  async function limitedApp(rateLimitPerMinute: number) {
    const app = await createApp(owner);
    await http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body: { rateLimitPerMinute } });
    return app;
  }

  it('answers 429 in the envelope with Retry-After past the limit, shared by register, login, license and upgrade', async () => {
    const app = await limitedApp(2);
    const user = await createUser(owner, app);
    const license = await createLicense(owner, app);
    const ip = clientIp();
    const call = (n: number, fields: Record<string, unknown>) =>
      post(n, '/v1', ip, { appId: app.appId, apiKey: app.apiKey, ...fields });

    expect((await call(0, { type: 'login', username: user.username, password: 'wrong password' })).status).toBe(401);
    expect((await call(1, { type: 'login', username: user.username, password: USER_PASSWORD })).status).toBe(200);
    const limited = await call(0, { type: 'login', username: user.username, password: USER_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: 'Too many requests', data: {} });
    expect(limited.headers.get('x-signature-ed25519')).toMatch(/^[0-9a-f]{128}$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    for (const fields of [
      { type: 'register', username: 'newcomer', password: USER_PASSWORD, licenseKey: license.key },
      { type: 'license', licenseKey: license.key },
      { type: 'upgrade', username: user.username, password: USER_PASSWORD, licenseKey: license.key },
    ]) {
      expect([fields.type, (await call(1, fields)).status]).toEqual([fields.type, 429]);
    }
    // Other types, other addresses and other apps are not limited.
    expect((await call(0, { type: 'init' })).status).toBe(200);
    const elsewhere = await post(0, '/v1', clientIp(), {
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'login',
      username: user.username,
      password: USER_PASSWORD,
    });
    expect(elsewhere.status).toBe(200);

    await waitSeconds(retryAfter);
    expect((await call(1, { type: 'login', username: user.username, password: USER_PASSWORD })).status).toBe(200);
  });

  it('never limits an app with rateLimitPerMinute 0', async () => {
    const app = await limitedApp(0);
    const ip = clientIp();
    for (let n = 0; n < 8; n++) {
      const res = await post(n, '/v1', ip, {
        appId: app.appId,
        apiKey: app.apiKey,
        type: 'login',
        username: 'nobody',
        password: 'wrong password',
      });
      expect(res.status).toBe(401);
    }
  });
});

describe('client rate limit without Redis', () => {
  it('lets logins through rather than answering 5xx', async () => {
    const redis = await ThrowawayRedis.start();
    const name = `latchkey_test_no_redis_${process.pid}`;
    const api = await startApi(testEnv(await freshDatabase(name), { REDIS_URL: redis.url }));
    try {
      const post = (path: string, body: unknown, token?: string) =>
        http('POST', path, { baseUrl: api.url, body, token });
      const signup = await post('/v1/admin/auth/signup', { email: 'no-redis@example.com', password: 'long enough pw' });
      const token = signup.body.data.accessToken;
      const app = (await post('/v1/admin/apps', { name: 'No Redis' }, token)).body.data;
      const key = (await post(`/v1/admin/apps/${app.appId}/licenses`, { durationType: '1d' }, token)).body.data[0].key;
      await redis.stop();
      const res = await post('/v1', { type: 'license', appId: app.appId, apiKey: app.apiKey, licenseKey: key });
      expect([res.status, res.body.message]).toEqual([200, 'Authenticated']);
    } finally {
      await api.stop();
      await redis.stop();
      await dropDatabase(name);
    }
  });
});
