// The SDK against the real service: every call, the request nonce on the wire,
// and the attacks the SDK's checks exist for (tampered body, replayed answer,
// stale timestamp, wrong public key).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClientLimits } from '@latchkey/contracts';
import { Latchkey, LatchkeyError, verifySignature, type LatchkeyOptions } from '@latchkey/sdk';
import { BASE_URL, clientFor } from './support/api.js';
import { createApp, createLicense, createUser, ownerWithApp, USER_PASSWORD, username } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';

const { owner, app } = ownerWithApp({ version: '2.0.0' });

beforeAll(async () => {
  await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: 'motd', value: 'hello from the server' },
  });
});
afterAll(closeDb);

function sdk(options: Partial<LatchkeyOptions> = {}): Latchkey {
  return new Latchkey({ url: BASE_URL, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey, ...options });
}

/** The error a call rejects with; fails the test when it resolves or throws something else. */
async function refusal(promise: Promise<unknown>): Promise<LatchkeyError> {
  const outcome = await promise.then(
    () => new Error('expected the call to be refused'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof LatchkeyError)) throw outcome;
  return outcome;
}

/** POST /v1 with a raw body: status, exact text and signature headers. */
async function rawPost(body: Record<string, unknown>) {
  const res = await fetch(`${BASE_URL}/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId: app.appId, apiKey: app.apiKey, ...body }),
  });
  return {
    status: res.status,
    text: await res.text(),
    signature: res.headers.get('x-signature-ed25519')!,
    timestamp: res.headers.get('x-signature-timestamp')!,
  };
}

describe('every call through the SDK', () => {
  it('init, register, login, upgrade, check, heartbeat, var, log and logout', async () => {
    const lk = sdk();
    expect(await lk.init()).toEqual({ name: 'Test App', version: '2.0.0', updateUrl: null });

    const name = username();
    const key = await createLicense(owner, app, { level: 2 });
    const registered = await lk.register(name, USER_PASSWORD, key.key, 'HW-SDK');
    expect(registered.user).toMatchObject({ username: name, level: 2, hwid: 'HW-SDK' });
    expect(lk.session?.token).toBe(registered.sessionToken);

    const loggedIn = await lk.login(name, USER_PASSWORD, 'HW-SDK');
    expect(loggedIn.user.userId).toBe(registered.user.userId);
    expect(loggedIn.sessionToken).not.toBe(registered.sessionToken);

    const higher = await createLicense(owner, app, { level: 5 });
    expect((await lk.upgrade(name, USER_PASSWORD, higher.key)).level).toBe(5);

    const checked = await lk.check();
    expect(checked.user).toMatchObject({ userId: registered.user.userId, level: 5 });
    expect(checked.ticket).toBeUndefined();
    expect(typeof (await lk.heartbeat()).expiresAt).toBe('string');
    expect(await lk.var('motd')).toBe('hello from the server');
    await lk.log('started from the SDK e2e spec');

    const token = lk.session!.token;
    await lk.logout();
    expect(lk.session).toBeNull();
    const after = await clientFor(app).check(token);
    expect(after.status).toBe(401);
  });

  it('license authenticates with a key alone', async () => {
    const lk = sdk();
    const key = await createLicense(owner, app, { level: 3 });
    const result = await lk.license(key.key);
    expect(result.user).toMatchObject({ username: key.key, level: 3 });
    expect((await lk.check()).user.userId).toBe(result.user.userId);
  });

  it("reads and writes the user's own variables, up to the limit", async () => {
    const lk = sdk();
    await lk.license((await createLicense(owner, app)).key);
    await lk.setUserVar('theme', 'dark');
    await lk.setUserVar('theme', 'light');
    expect(await lk.userVar('theme')).toBe('light');
    for (let i = 1; i < ClientLimits.userVariablesPerUser; i++) await lk.setUserVar(`slot${i}`, String(i));
    expect(Object.keys(await lk.userVars())).toHaveLength(ClientLimits.userVariablesPerUser);
    expect(await refusal(lk.setUserVar('one.too.many', 'x'))).toMatchObject({
      status: 409,
      code: 'USER_VARIABLE_LIMIT',
      message: 'User variable limit reached',
    });
    await lk.deleteUserVar('theme');
    expect(await refusal(lk.userVar('theme'))).toMatchObject({ status: 404, code: 'VARIABLE_NOT_FOUND' });
    expect(await refusal(lk.setUserVar('bad key', 'x'))).toMatchObject({ status: 400, code: 'VALIDATION' });
    // Another user of the app sees none of them.
    const other = sdk();
    await other.license((await createLicense(owner, app)).key);
    expect(await other.userVars()).toEqual({});
  });

  it('throws the contract refusals with status and code', async () => {
    const lk = sdk();
    const wrongPassword = await refusal(lk.login((await createUser(owner, app)).username, 'not the password'));
    expect(wrongPassword).toMatchObject({
      status: 401,
      code: 'INVALID_USER_LOGIN',
      message: 'Invalid username or password',
    });
    const unknownKey = await refusal(lk.license('AAAAA-BBBBB-CCCCC-DDDDD'));
    expect(unknownKey).toMatchObject({ status: 404, code: 'LICENSE_NOT_FOUND' });
    await lk.license((await createLicense(owner, app)).key);
    expect(await refusal(lk.var('no_such_variable'))).toMatchObject({ status: 404, code: 'VARIABLE_NOT_FOUND' });
    const badCredentials = await refusal(sdk({ apiKey: 'lk_wrong' }).init());
    expect(badCredentials).toMatchObject({ status: 401, code: 'INVALID_APP_CREDENTIALS' });
  });

  it('says the appId is unknown when the service answers so, unsigned', async () => {
    const err = await refusal(sdk({ appId: '00000000-0000-4000-8000-000000000000' }).init());
    expect(err).toMatchObject({ status: 401, code: 'APP_UNKNOWN' });
  });

  it('takes the service URL ending in /v1', async () => {
    expect(await sdk({ url: `${BASE_URL}/v1/` }).init()).toMatchObject({ name: expect.any(String) });
  });
});

describe('request nonce on the wire', () => {
  it('is echoed as a fourth field inside the signed body, on success and on refusal', async () => {
    const ok = await rawPost({ type: 'init', nonce: 'abc_DEF-123' });
    expect(ok.status).toBe(200);
    expect(Object.keys(JSON.parse(ok.text))).toEqual(['success', 'message', 'data', 'nonce']);
    expect(JSON.parse(ok.text).nonce).toBe('abc_DEF-123');
    expect(verifySignature(app.publicKey, ok.timestamp, ok.text, ok.signature)).toBe(true);

    const refused = await rawPost({ type: 'check', sessionToken: 'not-a-token', nonce: 'n'.repeat(64) });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual({
      success: false,
      message: 'Invalid or expired session',
      data: {},
      nonce: 'n'.repeat(64),
    });
    expect(verifySignature(app.publicKey, refused.timestamp, refused.text, refused.signature)).toBe(true);
  });

  it('leaves the envelope at three fields without a nonce', async () => {
    const res = await rawPost({ type: 'init' });
    expect(Object.keys(JSON.parse(res.text))).toEqual(['success', 'message', 'data']);
  });

  it('refuses a malformed nonce with 400 naming it, and echoes nothing', async () => {
    for (const nonce of ['short', 'x'.repeat(65), 'has space!', 'dots.are.out', 12345678, null, ['abcdefgh']]) {
      const res = await rawPost({ type: 'init', nonce });
      expect({ nonce, status: res.status, body: JSON.parse(res.text) }).toEqual({
        nonce,
        status: 400,
        body: { success: false, message: 'nonce must be 8-64 characters of A-Za-z0-9_-', data: {} },
      });
    }
  });
});

describe('answers the SDK refuses', () => {
  /** A fetch between the SDK and the service, as a cracker's local proxy would sit. */
  function proxy(rewrite: (response: Response, body: string) => Promise<Response> | Response): typeof fetch {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      return rewrite(response, await response.text());
    }) as typeof fetch;
  }

  it('a tampered body: the refusal turned into a success', async () => {
    const key = await createLicense(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${key.id}/ban`, { token: owner.token, body: {} });
    const honest = await refusal(sdk().license(key.key));
    expect(honest.code).toBe('LICENSE_BANNED');

    const forging = proxy((response, body) => {
      const forged = body
        .replace('"success":false', '"success":true')
        .replace('"message":"License is banned"', '"message":"Authenticated"');
      return new Response(forged, { status: 200, headers: response.headers });
    });
    expect((await refusal(sdk({ fetch: forging }).license(key.key))).code).toBe('SIGNATURE_INVALID');
  });

  it('a replayed answer: yesterday\'s "Session is valid" after the user was banned', async () => {
    let saved: { body: string; headers: Headers } | undefined;
    const recorder = proxy((response, body) => {
      saved ??= { body, headers: response.headers };
      return new Response(saved.body, { status: 200, headers: saved.headers });
    });
    const lk = sdk({ fetch: recorder });
    await lk.license((await createLicense(owner, app)).key);
    // The proxy saved the license answer; every later call gets it back, a signed success with an old nonce.
    const userId = lk.session!.user.userId;
    await http('POST', `/v1/admin/apps/${app.appId}/users/${userId}/ban`, { token: owner.token, body: {} });
    const replayed = await refusal(lk.check());
    expect(replayed).toMatchObject({ code: 'NONCE_MISMATCH', status: 200 });
  });

  it('a stale timestamp, beyond the allowed skew', async () => {
    const ahead = () => Date.now() + 60_000;
    expect((await refusal(sdk({ now: ahead }).init())).code).toBe('STALE_RESPONSE');
    expect((await refusal(sdk({ now: ahead, maxSkewSeconds: 45 }).init())).code).toBe('STALE_RESPONSE');
    await expect(sdk({ now: ahead, maxSkewSeconds: 120 }).init()).resolves.toMatchObject({ version: '2.0.0' });
  });

  it("another app's public key", async () => {
    const other = await createApp(owner);
    expect((await refusal(sdk({ publicKey: other.publicKey }).init())).code).toBe('SIGNATURE_INVALID');
  });
});

describe('the raw client of the specs', () => {
  it('is the SDK: it sends a nonce, checks it, and hands back the three-field envelope', async () => {
    const res = await clientFor(app).init();
    expect(res).toMatchObject({ status: 200, verified: true });
    expect(res.body).toEqual({ success: true, message: 'App initialized', data: expect.any(Object) });
  });
});
