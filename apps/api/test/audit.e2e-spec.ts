import { afterAll, describe, expect, it } from '@jest/globals';
import { startWorker, testEnv } from '../../../scripts/test-service.mjs';
import { clientFor } from './support/api.js';
import { createApp, createLicense, createUser, signedUpOwner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';
import { auditEntries } from './support/reads.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const owner = signedUpOwner();
afterAll(closeDb);

const logsPath = (app: { appId: string }, query = '') => `/v1/admin/apps/${app.appId}/logs${query}`;

describe('the audit log of admin changes', () => {
  it('records app changes with who, what, when and from where, newest first', async () => {
    const app = await createApp(owner, { name: 'Audited' });
    await http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body: { rateLimitPerMinute: 5 } });
    await http('POST', `/v1/admin/apps/${app.appId}/api-key/rotate`, { token: owner.token });
    const res = await http('GET', logsPath(app), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 25, total: 3 });
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        type: 'admin.app.rotate-api-key',
        actor: owner.email,
        actorId: owner.accountId,
        ip: '127.0.0.1',
        details: {},
        createdAt: expect.stringMatching(ISO),
      },
      expect.objectContaining({ type: 'admin.app.update', details: { changes: { rateLimitPerMinute: 5 } } }),
      expect.objectContaining({ type: 'admin.app.create', details: { name: 'Audited' } }),
    ]);
    // No secret ever reaches the log.
    expect(JSON.stringify(res.body)).not.toContain(app.apiKey);
  });

  it('filters by a type or a type prefix, and pages', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/ban`, { token: owner.token });
    await http('POST', `/v1/admin/apps/${app.appId}/users/${user.userId}/unban`, { token: owner.token });

    const types = async (query: string) => (await auditEntries(owner, app, query)).map((e) => e.type);
    expect(await types('&type=admin.user.ban')).toEqual(['admin.user.ban']);
    expect(await types('&type=admin.user')).toEqual(['admin.user.unban', 'admin.user.ban', 'admin.user.create']);
    expect(await types('&type=admin')).toHaveLength(4);
    // A prefix matches whole segments only.
    expect(await types('&type=admin.us')).toEqual([]);

    const page = await http('GET', logsPath(app, '?limit=1&page=2'), { token: owner.token });
    expect(page.body.meta).toEqual({ page: 2, limit: 1, total: 4 });
    expect(page.body.data.map((e: { type: string }) => e.type)).toEqual(['admin.user.ban']);
  });

  it('shows only the app’s own entries', async () => {
    const app = await createApp(owner);
    const other = await createApp(owner);
    await createUser(owner, other);
    expect((await auditEntries(owner, app)).map((e) => e.type)).toEqual(['admin.app.create']);
  });

  it.each([
    ['?type=Admin', 'type must be an entry type such as client.login or admin.user.ban'],
    ['?type=a..b', 'type must be an entry type such as client.login or admin.user.ban'],
    ['?type=%25', 'type must be an entry type such as client.login or admin.user.ban'],
    ['?limit=500', 'limit must be between 1 and 100'],
  ])('rejects the query %s with 400', async (query, message) => {
    const app = await createApp(owner);
    const res = await http('GET', logsPath(app, query), { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContain(message);
  });

  it('requires a bearer token and answers 404 for another owner’s app', async () => {
    const app = await createApp(owner);
    expect((await http('GET', logsPath(app))).status).toBe(401);
    const intruder = await signupOwner();
    expect((await http('GET', logsPath(app), { token: intruder.token })).status).toBe(404);
    expect((await http('GET', '/v1/admin/apps/not-a-uuid/logs', { token: owner.token })).status).toBe(404);
  });
});

describe('retention', () => {
  it('the worker prunes entries older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const app = await createApp(owner);
    await db().query(
      `INSERT INTO audit_log (app_id, type, actor, ip, details, created_at)
       VALUES ($1, 'admin.test.old', 'x', NULL, '{}', now() - interval '31 days'),
              ($1, 'admin.test.recent', 'x', NULL, '{}', now() - interval '29 days')`,
      [app.appId],
    );
    // The worker announces readiness at info level.
    const worker = await startWorker(
      testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!, { AUDIT_RETENTION_DAYS: '30', LOG_LEVEL: 'info' }),
    );
    try {
      const types = await eventually(
        async () => (await auditEntries(owner, app, '&type=admin.test')).map((e) => e.type),
        { until: (found) => found.length === 1 },
      );
      expect(types).toEqual(['admin.test.recent']);
    } finally {
      await worker.stop();
    }
  }, 90_000);
});

// Client authentications and `log` lines, recorded by POST /v1.
describe('client authentications and log lines', () => {
  it('shows a failed login with its reason, and a successful one', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const client = clientFor(app);
    expect((await client.login(user.username, 'wrong password')).status).toBe(401);
    expect((await client.login(user.username, USER_PASSWORD, 'HW-1')).status).toBe(200);

    const entries = await eventually(() => auditEntries(owner, app, '&type=client.login'), {
      until: (found) => found.length === 2,
    });
    expect(entries).toEqual([
      expect.objectContaining({ type: 'client.login', actor: user.username, ip: '127.0.0.1' }),
      expect.objectContaining({ type: 'client.login', actor: user.username, ip: '127.0.0.1' }),
    ]);
    expect(entries[0].details).toMatchObject({ outcome: 'success' });
    expect(entries[1].details).toMatchObject({ outcome: 'failure', reason: 'Invalid username or password' });
  });

  it('shows failures of register and license with the contract’s reason', async () => {
    const app = await createApp(owner);
    const client = clientFor(app);
    await client.register('newcomer', USER_PASSWORD, 'AAAAA-BBBBB-CCCCC-DDDDD');
    const license = await createLicense(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${license.id}/ban`, { token: owner.token });
    await client.license(license.key);
    const entries = await eventually(() => auditEntries(owner, app, '&type=client'), {
      until: (found) => found.length === 2,
    });
    expect(entries.map((e) => [e.type, e.details.outcome, e.details.reason])).toEqual([
      ['client.license', 'failure', 'License is banned'],
      ['client.register', 'failure', 'License key not found'],
    ]);
  });

  it('stores a client log line against the session’s user', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    const client = clientFor(app);
    const login = await client.login(user.username, USER_PASSWORD);
    const res = await client.log(login.body.data.sessionToken, 'crashed at level 3');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Logged', data: {} });
    const [entry] = await auditEntries(owner, app, '&type=client.log');
    expect(entry).toMatchObject({ actor: user.username, ip: '127.0.0.1' });
    expect(entry.details).toMatchObject({ message: 'crashed at level 3', userId: user.userId });
  });
});
