import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually.js';
import type { HttpResult } from './support/http.js';
import { liveSessionCount } from './support/reads.js';
import type { StackOwner } from './support/service-stack.js';
import { WebhookReceiver, WebhookStack } from './support/webhook-receiver.js';

// Two API processes and two workers on one PostgreSQL and Redis, as a scaled
// deployment runs them. Calls are fired at once and spread over both
// processes: every rule must hold in the database and in Redis, not in one
// process's memory. Each worker sends one delivery at a time, so the webhook
// test can tell that both of them deliver.
let receiver: WebhookReceiver;
let stack: WebhookStack;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('scale_rules', { WEBHOOK_CONCURRENCY: '1' }, { apis: 2, workers: 2 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
}, 60_000);

const PASSWORD = 'hunter22';

/** `count` calls at once, alternating between the two API processes. */
function spread(count: number, call: (n: number, api: number) => Promise<HttpResult>): Promise<HttpResult[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => call(n, n % 2)));
}

function outcome(result: HttpResult): string {
  return `${result.status} ${result.body.message}`;
}

function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

const liveSessions = (userId: string) => liveSessionCount(userId, stack.db());

async function eventCount(app: StackOwner, name: string): Promise<number> {
  const { rows } = await stack
    .db()
    .query('SELECT count(*)::int AS n FROM events WHERE app_id = $1 AND name = $2', [app.appId, name]);
  return rows[0].n;
}

/** Of all the tokens handed out, exactly `maxDevices` still pass `check`, in either process; the rest are ended. */
async function expectDeviceLimit(app: StackOwner, tokens: string[], userId: string, maxDevices: number) {
  const checks = await Promise.all(
    tokens.map((sessionToken, n) => stack.client(app, { type: 'check', sessionToken }, n % 2)),
  );
  const answers = checks.map(outcome);
  expect(answers.filter((a) => a === '200 Session is valid')).toHaveLength(maxDevices);
  expect(answers.filter((a) => a !== '200 Session is valid')).toEqual(
    Array(tokens.length - maxDevices).fill('401 Invalid or expired session'),
  );
  expect(await liveSessions(userId)).toBe(maxDevices);
}

describe('device limits across processes', () => {
  it('parallel license calls from distinct devices leave at most maxDevices live sessions', async () => {
    // Without the HWID lock every device may log in, so only the device limit decides.
    const app = await stack.ownerWithApp({ hwidLock: false, rateLimitPerMinute: 0 });
    const [key] = await stack.licenseKeys(app, { maxDevices: 2 });
    const first = await stack.client(app, { type: 'license', licenseKey: key, hwid: 'device-first' });
    expect(outcome(first)).toBe('200 Authenticated');

    const logins = await spread(20, (n, api) =>
      stack.client(app, { type: 'license', licenseKey: key, hwid: `device-${n}` }, api),
    );
    expect(logins.map(outcome)).toEqual(Array(20).fill('200 Authenticated'));
    const tokens = [first, ...logins].map((r) => r.body.data.sessionToken as string);
    await expectDeviceLimit(app, tokens, first.body.data.user.userId, 2);
  }, 60_000);

  it('parallel logins of one user from distinct devices leave at most maxDevices live sessions', async () => {
    const app = await stack.ownerWithApp({ hwidLock: false, rateLimitPerMinute: 0 });
    const [key] = await stack.licenseKeys(app, { maxDevices: 3 });
    const username = uniqueName('devices');
    const registered = await stack.client(app, { type: 'register', username, password: PASSWORD, licenseKey: key });
    expect(outcome(registered)).toBe('200 Registered');

    const logins = await spread(20, (n, api) =>
      stack.client(app, { type: 'login', username, password: PASSWORD, hwid: `device-${n}` }, api),
    );
    expect(logins.map(outcome)).toEqual(Array(20).fill('200 Logged in'));
    const tokens = [registered, ...logins].map((r) => r.body.data.sessionToken as string);
    await expectDeviceLimit(app, tokens, registered.body.data.user.userId, 3);
  }, 60_000);
});

describe('first use of a key across processes', () => {
  it('parallel registrations with one unused key: exactly one wins, the others get 409 License key already used', async () => {
    const app = await stack.ownerWithApp({ rateLimitPerMinute: 0 });
    const [key] = await stack.licenseKeys(app);
    const usernames = Array.from({ length: 12 }, () => uniqueName('racer'));

    const answers = (
      await spread(usernames.length, (n, api) =>
        stack.client(app, { type: 'register', username: usernames[n], password: PASSWORD, licenseKey: key }, api),
      )
    ).map(outcome);

    const winner = usernames[answers.indexOf('200 Registered')];
    expect(answers.filter((a) => a === '200 Registered')).toHaveLength(1);
    expect(answers.filter((a) => a !== '200 Registered')).toEqual(Array(11).fill('409 License key already used'));
    const { rows: users } = await stack.db().query('SELECT id, username FROM users WHERE app_id = $1', [app.appId]);
    expect(users.map((u) => u.username)).toEqual([winner]);
    const { rows: licenses } = await stack
      .db()
      .query('SELECT status, user_id FROM licenses WHERE app_id = $1', [app.appId]);
    expect(licenses).toEqual([{ status: 'USED', user_id: users[0].id }]);
    expect(await eventCount(app, 'license.activate')).toBe(1);
    expect(await eventCount(app, 'user.register')).toBe(1);
  }, 60_000);

  it('parallel register and license calls with one unused key: one account gets it, every other call is refused', async () => {
    const app = await stack.ownerWithApp({ rateLimitPerMinute: 0 });
    const [key] = await stack.licenseKeys(app, { maxDevices: 20 });
    const usernames = Array.from({ length: 12 }, () => uniqueName('racer'));
    // Even calls are `license`, odd ones `register`; each kind goes to both processes.
    const isRegister = (n: number) => n % 2 === 1;
    const answers = (
      await Promise.all(
        usernames.map((username, n) =>
          stack.client(
            app,
            isRegister(n)
              ? { type: 'register', username, password: PASSWORD, licenseKey: key }
              : { type: 'license', licenseKey: key },
            Math.floor(n / 2) % 2,
          ),
        ),
      )
    ).map(outcome);

    const { rows: users } = await stack.db().query('SELECT id, username FROM users WHERE app_id = $1', [app.appId]);
    expect(users).toHaveLength(1);
    // The key's own name means `license` took it first; any other name is the registration that won.
    const owner = users[0].username;
    const expected = usernames.map((username, n) => {
      if (isRegister(n)) return username === owner ? '200 Registered' : '409 License key already used';
      return owner === key ? '200 Authenticated' : '409 License key already used';
    });
    expect(answers).toEqual(expected);
    const { rows: licenses } = await stack
      .db()
      .query('SELECT status, user_id FROM licenses WHERE app_id = $1', [app.appId]);
    expect(licenses).toEqual([{ status: 'USED', user_id: users[0].id }]);
    expect(await eventCount(app, 'license.activate')).toBe(1);
  }, 60_000);
});

describe('the client rate limit across processes', () => {
  it('counts calls to both processes together: rateLimitPerMinute in all, then 429 Too many requests', async () => {
    const limit = 10;
    const app = await stack.ownerWithApp({ rateLimitPerMinute: limit });
    const answers = (
      await spread(3 * limit, (n, api) => stack.client(app, { type: 'license', licenseKey: `NO-SUCH-KEY-${n}` }, api))
    ).map(outcome);

    // A count per process would let 2 × limit through.
    expect(answers.filter((a) => a === '404 License key not found')).toHaveLength(limit);
    expect(answers.filter((a) => a !== '404 License key not found')).toEqual(
      Array(2 * limit).fill('429 Too many requests'),
    );
  }, 60_000);
});

describe('the blacklist across processes', () => {
  it('an HWID and a username blacklisted through one process are refused by both, other clients are not', async () => {
    const app = await stack.ownerWithApp({ hwidLock: false, rateLimitPerMinute: 0 });
    const [key, userKey] = await stack.licenseKeys(app, { count: 2, maxDevices: 100 });
    const username = uniqueName('listed');
    expect(
      outcome(await stack.client(app, { type: 'register', username, password: PASSWORD, licenseKey: userKey })),
    ).toBe('200 Registered');
    // Both processes have the app's (empty) list compiled before the change.
    for (const api of [0, 1]) {
      const res = await stack.client(app, { type: 'license', licenseKey: key, hwid: 'listed-device' }, api);
      expect(outcome(res)).toBe('200 Authenticated');
    }

    for (const entry of [
      { type: 'hwid', value: 'listed-device' },
      { type: 'username', value: username },
    ]) {
      const res = await stack.http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
        api: 1,
        token: app.token,
        body: entry,
      });
      expect(res.status).toBe(201);
    }
    // The other process hears of the change within a second.
    await eventually(async () => outcome(await stack.client(app, { type: 'login', username, password: PASSWORD }, 0)), {
      until: (answer) => answer === '403 Access denied',
      timeoutMs: 1000,
      what: 'process 0 to refuse the user',
    });

    const [listedDevice, listedUser, clean] = await Promise.all([
      spread(10, (_, api) => stack.client(app, { type: 'license', licenseKey: key, hwid: 'listed-device' }, api)),
      spread(10, (_, api) => stack.client(app, { type: 'login', username, password: PASSWORD }, api)),
      spread(10, (n, api) => stack.client(app, { type: 'license', licenseKey: key, hwid: `clean-${n}` }, api)),
    ]);
    expect(listedDevice.map(outcome)).toEqual(Array(10).fill('403 Access denied'));
    expect(listedUser.map(outcome)).toEqual(Array(10).fill('403 Access denied'));
    expect(clean.map(outcome)).toEqual(Array(10).fill('200 Authenticated'));
  }, 60_000);
});

describe('webhook deliveries with two workers', () => {
  it('sends every delivery exactly once: none lost, none twice', async () => {
    const app = await stack.ownerWithApp({ hwidLock: false, rateLimitPerMinute: 0 });
    const webhook = await stack.createWebhook(app, { url: receiver.url(), events: ['session.create'] });
    // The first request is held until a second one arrives. Each worker sends
    // one delivery at a time, so only the other worker can send that second one.
    let bothWorkersSent = false;
    receiver.respond(new URL(webhook.url).pathname, async (_, index) => {
      if (index === 0) {
        bothWorkersSent = await eventually(() => receiver.to(webhook.url).length >= 2, {
          timeoutMs: 8000,
          what: 'a request from the other worker',
        }).catch(() => false);
      }
      return { status: 200 };
    });

    const [key] = await stack.licenseKeys(app, { maxDevices: 100 });
    const logins = await spread(30, (n, api) =>
      stack.client(app, { type: 'license', licenseKey: key, hwid: `device-${n}` }, api),
    );
    expect(logins.map(outcome)).toEqual(Array(30).fill('200 Authenticated'));

    const deliveries = await eventually(
      async () => {
        const { rows } = await stack
          .db()
          .query('SELECT id, status, attempts FROM webhook_deliveries WHERE webhook_id = $1', [webhook.id]);
        return rows.length === 30 && rows.every((d) => d.status === 'succeeded') ? rows : undefined;
      },
      { timeoutMs: 30_000, what: 'all 30 deliveries to succeed' },
    );
    // With no job left in the queue, no request can still be on its way.
    await eventually(() => stack.queuedWebhookJobs(), { until: (jobs) => jobs === 0, what: 'an empty queue' });

    const received = receiver.to(webhook.url);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(deliveries.every((d) => d.attempts === 1)).toBe(true);
    // Every session opened was announced, each once.
    const announced = received.map((r) => JSON.parse(r.body).data.sessionId).sort();
    const { rows: sessions } = await stack
      .db()
      .query('SELECT id FROM sessions WHERE app_id = $1 ORDER BY id', [app.appId]);
    expect(announced).toEqual(sessions.map((s) => s.id).sort());
    expect(bothWorkersSent).toBe(true);
  }, 90_000);
});
