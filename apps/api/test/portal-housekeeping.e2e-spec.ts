// Issue 43, the owner's side of the customer portal and its housekeeping: the
// settings refuse a portal no one could sign in to, the app's blacklist holds
// at the portal's sign-in, the owner's public ban reason (and only that) shows
// to the customer, and expired portal sessions and email codes are swept in
// batches by an indexed statement. This server has no SMTP_URL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startApi, startWorker, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { dataSourceOptions } from '../src/database/data-source.js';
import { sweepPortal } from '../src/modules/portal/portal-sweeper.js';
import { createApp, createLicense, createUser, signupOwner, USER_PASSWORD, type Owner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { callFrom, clientIp } from './support/portal.js';

const FAILED = { success: false, code: 'PORTAL_SIGN_IN_FAILED', message: 'Sign-in failed: check what you entered' };

let api: RunningApi;
let owner: Owner;
let dataSource: DataSource;

beforeAll(async () => {
  api = await startApi(
    testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, {
      TRUST_PROXY: 'true',
      SMTP_URL: '',
      PORTAL_RATE_LIMIT_PER_MINUTE: '1000',
      PORTAL_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    }),
  );
  owner = await signupOwner();
  dataSource = new DataSource(dataSourceOptions(process.env.LATCHKEY_TEST_DATABASE_URL!, 2));
  await dataSource.initialize();
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await dataSource?.destroy();
  await closeDb();
});

function call(method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}) {
  return callFrom(api.url, method, path, options);
}

async function portalApp() {
  const app = await createApp(owner, { name: `Housekeeping ${randomUUID().slice(0, 6)}` });
  const res = await call('PATCH', `/v1/admin/apps/${app.appId}/portal`, {
    token: owner.token,
    body: { enabled: true, signInMethods: ['key', 'password'] },
  });
  expect(res.status).toBe(200);
  return { ...app, publicId: res.body.data.publicId as string };
}

function signIn(publicId: string, body: Record<string, unknown>, ip?: string) {
  return call('POST', `/v1/portal/${publicId}/sign-in`, { body, ip });
}

async function blacklist(appId: string, type: string, value: string): Promise<string> {
  const res = await call('POST', `/v1/admin/apps/${appId}/blacklist`, { token: owner.token, body: { type, value } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('portal settings', () => {
  it('refuses an empty list of sign-in methods, and email alone on a server that cannot send email', async () => {
    const app = await portalApp();
    const path = `/v1/admin/apps/${app.appId}/portal`;
    const empty = await call('PATCH', path, { token: owner.token, body: { signInMethods: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([
      { field: 'signInMethods', message: 'signInMethods must be a non-empty list of: key, password, email' },
    ]);
    const emailOnly = await call('PATCH', path, { token: owner.token, body: { signInMethods: ['email'] } });
    expect(emailOnly.status).toBe(400);
    expect(emailOnly.body.fields).toEqual([
      {
        field: 'signInMethods',
        message: 'signInMethods must include key or password: this server cannot send email (SMTP_URL is not set)',
      },
    ]);
    const kept = await call('GET', path, { token: owner.token });
    expect(kept.body.data.signInMethods).toEqual(['key', 'password']);
    const keyOnly = await call('PATCH', path, { token: owner.token, body: { signInMethods: ['key'] } });
    expect(keyOnly.body.data.signInMethods).toEqual(['key']);
  });
});

describe('the blacklist at the portal', () => {
  it('refuses a blacklisted address with 403, and a blacklisted key or username as any failed sign-in', async () => {
    const app = await portalApp();
    const license = await createLicense(owner, app);
    const user = await createUser(owner, app);
    const ip = clientIp();

    const addressEntry = await blacklist(app.appId, 'ip', ip);
    const byAddress = await eventually(
      async () => {
        const res = await signIn(app.publicId, { method: 'key', key: license.key }, ip);
        return res.status === 403 ? res : undefined;
      },
      { what: 'the address refused' },
    );
    expect(byAddress.body).toMatchObject({ success: false, code: 'ACCESS_DENIED' });
    // Another address signs in with the same key.
    expect((await signIn(app.publicId, { method: 'key', key: license.key })).status).toBe(200);

    await blacklist(app.appId, 'username', license.key);
    await blacklist(app.appId, 'username', user.username);
    await eventually(
      async () => (await signIn(app.publicId, { method: 'key', key: license.key })).status === 401 || undefined,
      { what: 'the key refused' },
    );
    const [byKey, byName] = await Promise.all([
      signIn(app.publicId, { method: 'key', key: license.key }),
      signIn(app.publicId, { method: 'password', username: user.username, password: USER_PASSWORD }),
    ]);
    for (const refusal of [byKey, byName])
      expect({ status: refusal.status, body: refusal.body }).toEqual({ status: 401, body: FAILED });

    const removed = await call('DELETE', `/v1/admin/apps/${app.appId}/blacklist/${addressEntry}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const other = await createLicense(owner, app);
    await eventually(
      async () => (await signIn(app.publicId, { method: 'key', key: other.key }, ip)).status === 200 || undefined,
      { what: 'the address let in again' },
    );

    // Refusals are audited after the answer.
    await eventually(
      async () => {
        const { rows } = await db().query(
          `SELECT DISTINCT details->>'reason' AS reason FROM audit_log WHERE app_id = $1 AND type = 'portal.sign-in'
             AND details->>'outcome' = 'failure'`,
          [app.appId],
        );
        const reasons = rows.map((r: { reason: string }) => r.reason).sort();
        return reasons.join() === 'blacklisted,blacklisted address' || undefined;
      },
      { what: 'both refusals audited' },
    );
  });
});

describe('ban reasons', () => {
  it("shows the customer the owner's public reason, never the private one", async () => {
    const app = await portalApp();
    const license = await createLicense(owner, app);
    const user = await createUser(owner, app);
    const quiet = await createLicense(owner, app);

    const bans = await Promise.all([
      call('POST', `/v1/admin/apps/${app.appId}/licenses/${license.id}/ban`, {
        token: owner.token,
        body: { reason: 'chargeback on order 991', publicReason: 'Payment was reversed' },
      }),
      call('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/ban`, {
        token: owner.token,
        body: { reason: 'shared on a forum', publicReason: 'Account sharing' },
      }),
      call('POST', `/v1/admin/apps/${app.appId}/licenses/${quiet.id}/ban`, {
        token: owner.token,
        body: { reason: 'internal only' },
      }),
    ]);
    for (const ban of bans) expect(ban.status).toBe(200);

    const keyToken = (await signIn(app.publicId, { method: 'key', key: license.key })).body.data.token;
    const keyView = await call('GET', `/v1/portal/${app.publicId}/me`, { token: keyToken });
    expect(keyView.body.data.licenses[0]).toMatchObject({ status: 'BANNED', banReason: 'Payment was reversed' });

    const userToken = (
      await signIn(app.publicId, { method: 'password', username: user.username, password: USER_PASSWORD })
    ).body.data.token;
    const userView = await call('GET', `/v1/portal/${app.publicId}/me`, { token: userToken });
    expect(userView.body.data.users[0]).toMatchObject({ banned: true, banReason: 'Account sharing' });

    const quietToken = (await signIn(app.publicId, { method: 'key', key: quiet.key })).body.data.token;
    const quietView = await call('GET', `/v1/portal/${app.publicId}/me`, { token: quietToken });
    expect(quietView.body.data.licenses[0]).toMatchObject({ status: 'BANNED', banReason: null });
    for (const view of [keyView, userView, quietView]) {
      const text = JSON.stringify(view.body);
      for (const secret of ['chargeback', 'forum', 'internal only']) expect(text).not.toContain(secret);
    }
  });
});

describe('the portal sweep', () => {
  it('deletes sessions and codes a day past their expiry, in batches, and keeps the rest', async () => {
    const app = await portalApp();
    const insertSessions = (count: number, expiresSql: string, ended = false) =>
      db().query(
        `INSERT INTO portal_sessions (app_id, token_hash, method, email, ip, expires_at, ended_at)
         SELECT $1, decode(md5(random()::text || g), 'hex') || decode(md5(g::text), 'hex'), 'email', 'a@example.com',
           '198.18.0.1', ${expiresSql}, CASE WHEN $2 THEN now() - interval '2 days' END
         FROM generate_series(1, $3) g`,
        [app.appId, ended, count],
      );
    await insertSessions(7, `now() - interval '3 days'`);
    await insertSessions(2, `now() - interval '25 hours'`, true);
    await insertSessions(3, `now() - interval '1 hour'`);
    await insertSessions(4, `now() + interval '1 hour'`);
    await db().query(
      `INSERT INTO portal_email_codes (app_id, email, code_hash, expires_at)
       SELECT $1, 'c' || g || '@example.com', $2, CASE WHEN g <= 5 THEN now() - interval '2 days' ELSE now() END
       FROM generate_series(1, 8) g`,
      [app.appId, randomBytes(32)],
    );

    const swept = await sweepPortal(dataSource, 3);

    expect(swept.sessions).toBeGreaterThanOrEqual(9);
    expect(swept.codes).toBeGreaterThanOrEqual(5);
    const left = await db().query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE expires_at < now() - interval '1 day')::int AS old
       FROM portal_sessions WHERE app_id = $1`,
      [app.appId],
    );
    expect(left.rows[0]).toEqual({ n: 7, old: 0 });
    const codes = await db().query('SELECT count(*)::int AS n FROM portal_email_codes WHERE app_id = $1', [app.appId]);
    expect(codes.rows[0].n).toBe(3);
  });

  it('runs in the worker as it starts', async () => {
    const app = await portalApp();
    await db().query(
      `INSERT INTO portal_sessions (app_id, token_hash, method, email, ip, expires_at)
       VALUES ($1, $2, 'email', 'w@example.com', '198.18.0.3', now() - interval '2 days')`,
      [app.appId, randomBytes(32)],
    );
    const worker = await startWorker(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { QUEUE_PREFIX: 'portal_sweep' }),
    );
    try {
      await eventually(
        async () =>
          (await db().query('SELECT 1 FROM portal_sessions WHERE app_id = $1', [app.appId])).rowCount === 0 ||
          undefined,
        { what: 'the old session swept by the worker' },
      );
    } finally {
      await worker.stop();
    }
  }, 90_000);

  it('finds what it deletes by the expiry index among many live sessions and codes', async () => {
    const app = await portalApp();
    await db().query(
      `INSERT INTO portal_sessions (app_id, token_hash, method, email, ip, expires_at)
       SELECT $1, decode(md5(random()::text || g), 'hex') || decode(md5(g::text), 'hex'), 'email', 'b@example.com',
         '198.18.0.2', now() + interval '1 hour' * (g % 2 + 1)
       FROM generate_series(1, 20000) g`,
      [app.appId],
    );
    await db().query(
      `INSERT INTO portal_email_codes (app_id, email, code_hash, expires_at)
       SELECT $1, 'live' || g || '@example.com', $2, now() + interval '10 minutes'
       FROM generate_series(1, 20000) g`,
      [app.appId, randomBytes(32)],
    );
    await db().query('ANALYZE portal_sessions');
    await db().query('ANALYZE portal_email_codes');
    for (const table of ['portal_sessions', 'portal_email_codes']) {
      const { rows } = await db().query(
        `EXPLAIN SELECT id FROM ${table} WHERE expires_at < now() - interval '1 day' LIMIT 5000`,
      );
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain(`${table}_expires_idx`);
    }
  });
});
