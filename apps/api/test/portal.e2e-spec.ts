// Issue 43: the customer portal. Sign-in by key, by username and password and
// by an emailed code (a real SMTP server receives it), every refusal alike;
// limits per client and per key under parallel guessing; the HWID reset
// policy under parallel resets, and the next `/v1` login from a new machine;
// downloads through single-use links; one customer reaching nothing of
// another's, nor of another app; portal and admin tokens kept apart.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { createApp, createLicense, createUser, signupOwner, USER_PASSWORD, type Owner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { download, send, sha256Hex, uploadForm } from './support/files.js';
import { type HttpResult } from './support/http.js';
import { callFrom, clientIp } from './support/portal.js';
import { connectStore, mapProduct, postGeneric } from './support/store.js';

const CLIENT_LIMIT = 6;
const ACCOUNT_LIMIT = 4;
const FAILED = { success: false, code: 'PORTAL_SIGN_IN_FAILED', message: 'Sign-in failed: check what you entered' };

let api: RunningApi;
let smtp: SMTPServer;
const mails: Array<{ to: string; text: string }> = [];

/**
 * The code in a sign-in mail as received (headers and all): read after the
 * body's words, since a Message-ID or a MIME boundary can hold eight digits too.
 */
function codeIn(mail: string): string {
  return /customer page: (\d{8})\b/.exec(mail)![1]!;
}
let owner: Owner;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  api = await startApi(
    testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, {
      TRUST_PROXY: 'true',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Portal Test <portal@example.com>',
      PORTAL_RATE_LIMIT_PER_MINUTE: String(CLIENT_LIMIT),
      PORTAL_ACCOUNT_RATE_LIMIT_PER_MINUTE: String(ACCOUNT_LIMIT),
    }),
  );
  owner = await signupOwner();
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await closeDb();
});

function call(method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}) {
  return callFrom(api.url, method, path, options);
}

function client(app: { appId: string; apiKey: string }, fields: Record<string, unknown>) {
  return call('POST', '/v1', { body: { appId: app.appId, apiKey: app.apiKey, ...fields } });
}

/** An app with its portal on and `settings` applied; answers its public id. */
async function portalApp(settings: Record<string, unknown> = {}) {
  const app = await createApp(owner, { name: `Portal ${randomUUID().slice(0, 6)}` });
  const res = await call('PATCH', `/v1/admin/apps/${app.appId}/portal`, {
    token: owner.token,
    body: { enabled: true, ...settings },
  });
  expect(res.status).toBe(200);
  return { ...app, publicId: res.body.data.publicId as string };
}

async function signIn(publicId: string, body: Record<string, unknown>, ip?: string): Promise<HttpResult> {
  return call('POST', `/v1/portal/${publicId}/sign-in`, { body, ip });
}

async function tokenFor(publicId: string, body: Record<string, unknown>): Promise<string> {
  const res = await signIn(publicId, body);
  expect(res.status).toBe(200);
  return res.body.data.token;
}

describe('portal settings and sign-in', () => {
  it('is off until the owner turns it on; the public id stays the same', async () => {
    const app = await createApp(owner, { name: 'Quiet app' });
    const first = await call('GET', `/v1/admin/apps/${app.appId}/portal`, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ enabled: false, emailAvailable: true, hwidReset: { mode: 'off' } });
    const publicId = first.body.data.publicId;
    expect((await call('GET', `/v1/portal/${publicId}`)).status).toBe(404);
    const on = await call('PATCH', `/v1/admin/apps/${app.appId}/portal`, {
      token: owner.token,
      body: {
        enabled: true,
        accentColor: '#ff0066',
        supportUrl: 'https://help.example.com',
        levelNames: { '1': 'Basic' },
      },
    });
    expect(on.body.data).toMatchObject({ enabled: true, publicId, accentColor: '#ff0066' });
    const branding = await call('GET', `/v1/portal/${publicId}`);
    expect(branding.body.data).toEqual({
      name: 'Quiet app',
      accentColor: '#ff0066',
      supportUrl: 'https://help.example.com',
      signInMethods: ['key', 'password', 'email'],
    });
    const bad = await call('PATCH', `/v1/admin/apps/${app.appId}/portal`, {
      token: owner.token,
      body: { accentColor: 'red', levelNames: { x: 'y' }, hwidResetsPerPeriod: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(
      ['accentColor', 'hwidResetsPerPeriod', 'levelNames'].sort(),
    );
  });

  it('signs in by key, by username and password, and by an emailed code; every refusal is the same answer', async () => {
    const app = await portalApp({ levelNames: { '3': 'Gold' } });
    const license = await createLicense(owner, app, { level: 3 });
    const user = await createUser(owner, app, { level: 2 });

    const byKey = await signIn(app.publicId, { method: 'key', key: license.key });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.token).toMatch(/^lku_/);
    const me = await call('GET', `/v1/portal/${app.publicId}/me`, { token: byKey.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.licenses).toEqual([
      expect.objectContaining({ key: license.key, status: 'UNUSED', level: 3, levelName: 'Gold', renewalUrl: null }),
    ]);

    const byPassword = await signIn(app.publicId, {
      method: 'password',
      username: user.username,
      password: USER_PASSWORD,
    });
    expect(byPassword.status).toBe(200);
    const meUser = await call('GET', `/v1/portal/${app.publicId}/me`, { token: byPassword.body.data.token });
    expect(meUser.body.data.users).toEqual([
      expect.objectContaining({ userId: user.userId, level: 2, keyUser: false }),
    ]);

    await call('PATCH', `/v1/admin/apps/${app.appId}/licenses/${license.id}`, {
      token: owner.token,
      body: { customerEmail: '  Buyer@Example.com ' },
    });
    const requested = await call('POST', `/v1/portal/${app.publicId}/email-code`, {
      body: { email: 'buyer@example.com' },
    });
    const unknownEmail = await call('POST', `/v1/portal/${app.publicId}/email-code`, {
      body: { email: 'nobody@example.com' },
    });
    expect({ status: requested.status, body: requested.body }).toEqual({
      status: unknownEmail.status,
      body: unknownEmail.body,
    });
    const mail = await eventually(() => mails.find((m) => m.to === 'buyer@example.com'), { what: 'the code mail' });
    expect(mails.some((m) => m.to === 'nobody@example.com')).toBe(false);
    const code = codeIn(mail.text);
    const [{ code_hash }] = (
      await db().query('SELECT code_hash FROM portal_email_codes WHERE email = $1', ['buyer@example.com'])
    ).rows;
    expect(Buffer.from(code_hash).toString('utf8')).not.toContain(code);
    const byCode = await signIn(app.publicId, { method: 'email', email: 'buyer@example.com', code });
    expect(byCode.status).toBe(200);
    const meEmail = await call('GET', `/v1/portal/${app.publicId}/me`, { token: byCode.body.data.token });
    expect(meEmail.body.data.licenses.map((l: { key: string }) => l.key)).toEqual([license.key]);

    const refusals = await Promise.all([
      signIn(app.publicId, { method: 'key', key: 'NOPE1-NOPE2-NOPE3-NOPE4' }),
      signIn(app.publicId, { method: 'password', username: user.username, password: 'wrong-password' }),
      signIn(app.publicId, { method: 'password', username: 'nobody_here', password: USER_PASSWORD }),
      // A code works once.
      signIn(app.publicId, { method: 'email', email: 'buyer@example.com', code }),
      signIn(app.publicId, { method: 'email', email: 'nobody@example.com', code: '12345678' }),
    ]);
    for (const refusal of refusals)
      expect({ status: refusal.status, body: refusal.body }).toEqual({ status: 401, body: FAILED });
  });

  it('holds the per-client and per-key limits under parallel guessing', async () => {
    const app = await portalApp();
    const license = await createLicense(owner, app);
    const ip = clientIp();
    const guesses = await Promise.all(
      Array.from({ length: CLIENT_LIMIT * 2 }, (_, i) =>
        signIn(app.publicId, { method: 'key', key: `GUESS-${i}` }, ip),
      ),
    );
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(CLIENT_LIMIT);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(CLIENT_LIMIT);

    // One key tried from many addresses: the key's own count stops them.
    const spread = await Promise.all(
      Array.from({ length: ACCOUNT_LIMIT * 2 }, () =>
        signIn(app.publicId, { method: 'key', key: license.key }, clientIp()),
      ),
    );
    expect(spread.filter((g) => g.status === 200)).toHaveLength(ACCOUNT_LIMIT);
    expect(spread.filter((g) => g.status === 429)).toHaveLength(ACCOUNT_LIMIT);
  });

  it('keeps portal tokens and admin tokens apart', async () => {
    const app = await portalApp();
    const other = await portalApp();
    const license = await createLicense(owner, app);
    const token = await tokenFor(app.publicId, { method: 'key', key: license.key });
    expect((await call('GET', `/v1/admin/apps/${app.appId}`, { token })).status).toBe(401);
    expect((await call('GET', '/v1/admin/me', { token })).status).toBe(401);
    expect((await call('GET', `/v1/portal/${app.publicId}/me`, { token: owner.token })).status).toBe(401);
    // Another app's portal does not take this app's token.
    expect((await call('GET', `/v1/portal/${other.publicId}/me`, { token })).status).toBe(401);
    await call('POST', `/v1/portal/${app.publicId}/sign-out`, { token });
    expect((await call('GET', `/v1/portal/${app.publicId}/me`, { token })).status).toBe(401);
  });
});

describe('HWID reset', () => {
  it('allows exactly the policy count under parallel resets, and the next /v1 login from a new machine works', async () => {
    const app = await portalApp({ hwidResetMode: 'limited', hwidResetsPerPeriod: 3, hwidResetCooldownHours: 0 });
    const license = await createLicense(owner, app);
    const first = await client(app, { type: 'license', licenseKey: license.key, hwid: 'OLD-MACHINE-0001' });
    expect(first.status).toBe(200);
    const oldSession = first.body.data.sessionToken;
    const userId = first.body.data.user.userId;
    expect((await client(app, { type: 'license', licenseKey: license.key, hwid: 'NEW-MACHINE-0002' })).status).toBe(
      403,
    );

    const token = await tokenFor(app.publicId, { method: 'key', key: license.key });
    const before = await call('GET', `/v1/portal/${app.publicId}/me`, { token });
    expect(before.body.data.users[0]).toMatchObject({
      userId,
      hwidBound: true,
      devices: [expect.objectContaining({ hwid: 'OLD-MA…E-0001', bound: true })],
      hwidReset: { mode: 'limited', used: 0, perPeriod: 3 },
    });

    const resets = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', `/v1/portal/${app.publicId}/users/${userId}/reset-hwid`, { token })),
    );
    expect(resets.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = resets.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'PORTAL_RESET_NOT_YET' });

    // The old machine's session ended (the policy's default); the new machine logs in.
    expect((await client(app, { type: 'check', sessionToken: oldSession })).status).toBe(401);
    const fresh = await client(app, { type: 'license', licenseKey: license.key, hwid: 'NEW-MACHINE-0002' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.hwid).toBe('NEW-MACHINE-0002');

    const after = await call('GET', `/v1/portal/${app.publicId}/me`, { token });
    const state = after.body.data.users[0].hwidReset;
    expect(state.used).toBe(3);
    expect(new Date(state.nextAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const user = await call('GET', `/v1/admin/apps/${app.appId}/users/${userId}`, { token: owner.token });
    expect(user.body.data.hwidSelfResets).toBe(3);
    const audit = await db().query(
      `SELECT count(*)::int AS n FROM audit_log WHERE app_id = $1 AND type = 'portal.hwid-reset'`,
      [app.appId],
    );
    expect(audit.rows[0].n).toBe(3);
    const events = await db().query(
      `SELECT count(*)::int AS n FROM events WHERE app_id = $1 AND name = 'portal.hwid_reset'`,
      [app.appId],
    );
    expect(events.rows[0].n).toBe(3);
  });

  it('holds the cooldown under parallel resets, and refuses when resets are off', async () => {
    const app = await portalApp({ hwidResetMode: 'limited', hwidResetsPerPeriod: 5, hwidResetCooldownHours: 2 });
    const license = await createLicense(owner, app);
    const userId = (await client(app, { type: 'license', licenseKey: license.key, hwid: 'MACHINE-A' })).body.data.user
      .userId;
    const token = await tokenFor(app.publicId, { method: 'key', key: license.key });
    const resets = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/v1/portal/${app.publicId}/users/${userId}/reset-hwid`, { token })),
    );
    expect(resets.filter((r) => r.status === 200)).toHaveLength(1);
    const next = new Date(resets.find((r) => r.status === 200)!.body.data.nextAt).getTime();
    expect(next).toBeGreaterThan(Date.now() + 1.9 * 3_600_000);

    await call('PATCH', `/v1/admin/apps/${app.appId}/portal`, { token: owner.token, body: { hwidResetMode: 'off' } });
    const off = await call('POST', `/v1/portal/${app.publicId}/users/${userId}/reset-hwid`, { token });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('PORTAL_RESET_OFF');
  });
});

describe('one customer, nothing of another', () => {
  it("answers 404 for another customer's user or file, and another app's", async () => {
    const app = await portalApp({ hwidResetMode: 'limited', hwidResetCooldownHours: 0 });
    const other = await portalApp({ hwidResetMode: 'limited', hwidResetCooldownHours: 0 });
    const [mine, theirs, elsewhere] = [
      await createLicense(owner, app),
      await createLicense(owner, app),
      await createLicense(owner, other),
    ];
    const theirUser = (await client(app, { type: 'license', licenseKey: theirs.key, hwid: 'X' })).body.data.user.userId;
    const elsewhereUser = (await client(other, { type: 'license', licenseKey: elsewhere.key, hwid: 'Y' })).body.data
      .user.userId;
    await client(app, { type: 'license', licenseKey: mine.key });
    const token = await tokenFor(app.publicId, { method: 'key', key: mine.key });
    const upload = await send(
      api.url,
      'POST',
      `/v1/admin/apps/${other.appId}/files`,
      owner.token,
      uploadForm(randomBytes(100), { name: 'other.bin' }),
    );
    await call('PATCH', `/v1/admin/apps/${other.appId}/files/${upload.body.data.fileId}`, {
      token: owner.token,
      body: { portalOffered: true },
    });
    for (const userId of [theirUser, elsewhereUser, randomUUID(), 'not-a-uuid']) {
      const reset = await call('POST', `/v1/portal/${app.publicId}/users/${userId}/reset-hwid`, { token });
      expect(reset.status).toBe(404);
    }
    const myUser = (await call('GET', `/v1/portal/${app.publicId}/me`, { token })).body.data.users[0].userId;
    const link = await call('POST', `/v1/portal/${app.publicId}/files/${upload.body.data.fileId}/link`, {
      token,
      body: { userId: myUser },
    });
    expect(link.status).toBe(404);
    const theirLink = await call('POST', `/v1/portal/${app.publicId}/files/${randomUUID()}/link`, {
      token,
      body: { userId: theirUser },
    });
    expect(theirLink.status).toBe(404);
    const hwid = await db().query('SELECT hwid FROM users WHERE id = ANY($1::uuid[]) ORDER BY hwid', [
      [theirUser, elsewhereUser],
    ]);
    expect(hwid.rows.map((r) => r.hwid)).toEqual(['X', 'Y']);
  });
});

describe('downloads', () => {
  it('hands out single-use links to offered files the level allows', async () => {
    const app = await portalApp();
    const license = await createLicense(owner, app, { level: 2 });
    await client(app, { type: 'license', licenseKey: license.key });
    const content = randomBytes(3000);
    const offered = await send(
      api.url,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(content, { name: 'setup.exe', minLevel: '2' }),
    );
    const hidden = await send(
      api.url,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(content, { name: 'internal.bin' }),
    );
    const tooHigh = await send(
      api.url,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(content, { name: 'pro.exe', minLevel: '5' }),
    );
    for (const file of [offered, tooHigh]) {
      const patched = await call('PATCH', `/v1/admin/apps/${app.appId}/files/${file.body.data.fileId}`, {
        token: owner.token,
        body: { portalOffered: true },
      });
      expect(patched.body.data.portalOffered).toBe(true);
    }
    const token = await tokenFor(app.publicId, { method: 'key', key: license.key });
    const me = await call('GET', `/v1/portal/${app.publicId}/me`, { token });
    expect(me.body.data.files.map((f: { name: string }) => f.name)).toEqual(['setup.exe']);
    const userId = me.body.data.users[0].userId;

    for (const file of [hidden, tooHigh]) {
      const refused = await call('POST', `/v1/portal/${app.publicId}/files/${file.body.data.fileId}/link`, {
        token,
        body: { userId },
      });
      expect(refused.status).toBe(404);
    }
    const link = await call('POST', `/v1/portal/${app.publicId}/files/${offered.body.data.fileId}/link`, {
      token,
      body: { userId },
    });
    expect(link.status).toBe(200);
    const url = link.body.data.url.replace(/^https?:\/\/[^/]+/, api.url);
    const got = await download(url);
    expect(got.status).toBe(200);
    expect(got.sha256).toBe(sha256Hex(content));
    expect((await download(url)).status).toBe(410);
    await eventually(
      async () =>
        (await db().query(`SELECT 1 FROM events WHERE app_id = $1 AND name = 'file.download'`, [app.appId]))
          .rowCount === 1,
      { what: 'file.download' },
    );

    // A link dies with the portal session.
    const second = await call('POST', `/v1/portal/${app.publicId}/files/${offered.body.data.fileId}/link`, {
      token,
      body: { userId },
    });
    await call('POST', `/v1/portal/${app.publicId}/sign-out`, { token });
    expect((await download(second.body.data.url.replace(/^https?:\/\/[^/]+/, api.url))).status).toBe(410);
  });
});

describe('keys sold through a store', () => {
  it("sign the buyer in by the order's email, and offer the product's renewal page", async () => {
    const app = await portalApp();
    await call('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body: { rateLimitPerMinute: 0 } });
    const connection = await connectStore(owner, app, 'generic');
    await mapProduct(owner, app, connection.id, {
      externalId: 'pro-monthly',
      renewalUrl: 'https://shop.example.com/pro',
    });
    const email = `Buyer-${randomUUID().slice(0, 8)}@Example.com`;
    const sold = await postGeneric(
      connection,
      {
        id: `evt_${randomUUID()}`,
        type: 'purchase',
        orderId: `order-${randomUUID()}`,
        productId: 'pro-monthly',
        quantity: 1,
        amount: 1999,
        currency: 'USD',
        email,
      },
      api.url,
    );
    expect(sold.status).toBe(200);
    const key = sold.body.data.keys[0] as string;

    expect((await call('POST', `/v1/portal/${app.publicId}/email-code`, { body: { email } })).status).toBe(200);
    const lower = email.toLowerCase();
    const mail = await eventually(() => mails.find((m) => m.to === lower), { what: 'the code mail' });
    const code = codeIn(mail.text);
    const byCode = await signIn(app.publicId, { method: 'email', email: lower, code });
    expect(byCode.status).toBe(200);
    const me = await call('GET', `/v1/portal/${app.publicId}/me`, { token: byCode.body.data.token });
    expect(me.body.data.licenses).toEqual([
      expect.objectContaining({ key, renewalUrl: 'https://shop.example.com/pro' }),
    ]);
  });
});
