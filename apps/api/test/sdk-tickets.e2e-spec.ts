// Offline tickets: the app setting, keyId on the app record, the tickets the
// service signs, and their checks in the SDK with no network.
import { afterAll, describe, expect, it } from '@jest/globals';
import type { CreatedApp } from '@latchkey/contracts';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createHash } from 'node:crypto';
import { Latchkey, LatchkeyError, verifyTicket } from '@latchkey/sdk';
import { BASE_URL } from './support/api.js';
import { createApp, createLicense, createUser, patchApp, signedUpOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

const owner = signedUpOwner();
afterAll(closeDb);

function sdk(app: CreatedApp): Latchkey {
  return new Latchkey({ url: BASE_URL, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey });
}

async function appWithTickets(seconds: number): Promise<CreatedApp> {
  const app = await createApp(owner);
  const res = await patchApp(owner, app, { offlineTicketSeconds: seconds });
  expect(res.status).toBe(200);
  expect(res.body.data.offlineTicketSeconds).toBe(seconds);
  return app;
}

async function sessionId(token: string): Promise<string> {
  const hash = createHash('sha256').update(token).digest();
  const { rows } = await db().query('SELECT id FROM sessions WHERE token_hash = $1', [hash]);
  return rows[0].id;
}

async function rejection(promise: Promise<unknown>): Promise<LatchkeyError> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof LatchkeyError)) throw outcome;
  return outcome;
}

describe('app settings', () => {
  it('show keyId (SHA-256 of the raw public key, 16 hex) and offlineTicketSeconds, default 0', async () => {
    const app = await createApp(owner);
    const keyId = createHash('sha256').update(Buffer.from(app.publicKey, 'base64')).digest('hex').slice(0, 16);
    expect(app).toMatchObject({ keyId, offlineTicketSeconds: 0 });
    const read = await http('GET', `/v1/admin/apps/${app.appId}`, { token: owner.token });
    expect(read.body.data).toMatchObject({ keyId, offlineTicketSeconds: 0 });
  });

  it('refuse offlineTicketSeconds outside 0-2592000 or not an integer', async () => {
    const app = await createApp(owner);
    for (const value of [-1, 2_592_001, 1.5, '60', null]) {
      const res = await patchApp(owner, app, { offlineTicketSeconds: value });
      expect({ value, status: res.status, message: res.body.message }).toEqual({
        value,
        status: 400,
        message: expect.stringContaining('offlineTicketSeconds'),
      });
    }
    expect((await patchApp(owner, app, { offlineTicketSeconds: 2_592_000 })).body.data.offlineTicketSeconds).toBe(
      2_592_000,
    );
  });
});

describe('tickets', () => {
  it('are absent while the setting is 0', async () => {
    const app = await createApp(owner);
    const lk = sdk(app);
    expect((await lk.license((await createLicense(owner, app)).key)).ticket).toBeUndefined();
    expect((await lk.check()).ticket).toBeUndefined();
  });

  it('come with register, login, license and check, signed EdDSA under the keyId, with the claims', async () => {
    const app = await appWithTickets(3600);
    const lk = sdk(app);
    const key = await createLicense(owner, app, { level: 4, durationType: '30d' });
    const before = Math.floor(Date.now() / 1000);
    const registered = await lk.register('ticket_user', USER_PASSWORD, key.key, 'HW-T');
    const after = Math.ceil(Date.now() / 1000);

    expect(decodeProtectedHeader(registered.ticket!)).toEqual({ alg: 'EdDSA', kid: app.keyId });
    const claims = decodeJwt(registered.ticket!);
    expect(claims).toEqual({
      iss: app.appId,
      sub: registered.user.userId,
      sid: await sessionId(registered.sessionToken),
      lvl: 4,
      hwid: 'HW-T',
      iat: expect.any(Number),
      exp: claims.iat! + 3600,
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(await lk.verifyTicket(registered.ticket, 'HW-T')).toEqual(claims);

    const loggedIn = await lk.login('ticket_user', USER_PASSWORD, 'HW-T');
    expect(decodeJwt(loggedIn.ticket!).sid).toBe(await sessionId(loggedIn.sessionToken));
    const checked = await lk.check();
    expect(decodeJwt(checked.ticket!)).toMatchObject({ sub: registered.user.userId, lvl: 4 });
    expect(lk.session?.ticket).toBe(checked.ticket);

    const keyOnly = await sdk(app).license((await createLicense(owner, app)).key);
    expect(decodeJwt(keyOnly.ticket!)).toMatchObject({ sub: keyOnly.user.userId, hwid: null });
  });

  it("expire with the user's license when that comes first", async () => {
    const app = await appWithTickets(2_592_000);
    const key = await createLicense(owner, app, { durationType: '1h' });
    const result = await sdk(app).license(key.key);
    const claims = decodeJwt(result.ticket!);
    expect(claims.exp).toBe(Math.floor(new Date(result.user.expiresAt!).getTime() / 1000));

    const lifetime = await createUser(owner, app, { expiresAt: null });
    const lifetimeTicket = (await sdk(app).login(lifetime.username, USER_PASSWORD)).ticket!;
    expect(decodeJwt(lifetimeTicket).exp! - decodeJwt(lifetimeTicket).iat!).toBe(2_592_000);
  });

  it('verify offline until exp, and not from exp on', async () => {
    const app = await appWithTickets(600);
    const result = await sdk(app).license((await createLicense(owner, app)).key);
    const { exp } = decodeJwt(result.ticket!);
    const options = { publicKey: app.publicKey, appId: app.appId };
    await expect(verifyTicket(result.ticket!, { ...options, now: () => (exp! - 1) * 1000 })).resolves.toMatchObject({
      sub: result.user.userId,
    });
    const expired = await rejection(verifyTicket(result.ticket!, { ...options, now: () => exp! * 1000 }));
    expect(expired.code).toBe('TICKET_EXPIRED');
    const otherApp = await createApp(owner);
    const foreign = await rejection(verifyTicket(result.ticket!, { publicKey: otherApp.publicKey, appId: app.appId }));
    expect(foreign.code).toBe('TICKET_INVALID');
  });

  it('stop when the setting goes back to 0', async () => {
    const app = await appWithTickets(600);
    await patchApp(owner, app, { offlineTicketSeconds: 0 });
    const result = await sdk(app).license((await createLicense(owner, app)).key);
    expect(result.ticket).toBeUndefined();
  });
});
