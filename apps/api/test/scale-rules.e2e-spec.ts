// The client rules that must hold however many API processes share the
// database and Redis: calls alternate between global-setup's process and a
// second one, all in flight at once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClientMessage } from '@latchkey/contracts';
import { startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import {
  createApp,
  createLicense,
  createUser,
  type Owner,
  patchApp,
  signupOwner,
  USER_PASSWORD,
} from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { BASE_URL, http } from './support/http.js';

let second: RunningApi;
let processes: string[];
let owner: Owner;

beforeAll(async () => {
  second = await startApi(testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!));
  processes = [BASE_URL, second.url];
  owner = await signupOwner();
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await closeDb();
}, 60_000);

/** `count` client calls at once, call i through process i % 2. */
function inParallel(count: number, body: (i: number) => Record<string, unknown>) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => http('POST', '/v1', { baseUrl: processes[i % 2], body: body(i) })),
  );
}

function statuses(answers: Array<{ status: number }>): number[] {
  return answers.map((answer) => answer.status).sort();
}

describe('client rules across two API processes', () => {
  it('a key is redeemed once: of 12 registrations with it, one succeeds and the rest are told it is used', async () => {
    const app = await createApp(owner);
    const { key } = await createLicense(owner, app);
    const answers = await inParallel(12, (i) => ({
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'register',
      username: `racer_${i}`,
      password: USER_PASSWORD,
      licenseKey: key,
    }));
    expect(statuses(answers)).toEqual([200, ...Array(11).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe(ClientMessage.licenseUsed);
    }
    const { rows } = await db().query('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [app.appId]);
    expect(rows[0].n).toBe(1);
  });

  it("a key's first use by `license` from 12 places at once makes one user, and every call gets in as it", async () => {
    const app = await createApp(owner);
    const { key } = await createLicense(owner, app, { maxDevices: 20 });
    const answers = await inParallel(12, () => ({
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'license',
      licenseKey: key,
    }));
    expect(statuses(answers)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body.data.user.userId)).size).toBe(1);
    const events = await db().query(
      `SELECT count(*)::int AS n FROM events WHERE app_id = $1 AND name = 'license.activate'`,
      [app.appId],
    );
    expect(events.rows[0].n).toBe(1);
  });

  it('a device limit of 2 holds: 10 logins at once leave exactly 2 live sessions', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app, { maxDevices: 2 });
    const answers = await inParallel(10, () => ({
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'login',
      username: user.username,
      password: USER_PASSWORD,
    }));
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    const { rows } = await db().query(
      `SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND ended_at IS NULL`,
      [user.userId],
    );
    expect(rows[0].n).toBe(2);
  });

  it('the per-IP rate limit is one count shared by both processes', async () => {
    const app = await createApp(owner);
    expect((await patchApp(owner, app, { rateLimitPerMinute: 5 })).status).toBe(200);
    const answers = await inParallel(12, () => ({
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'login',
      username: 'nobody_here',
      password: 'wrong-password',
    }));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const limited of answers.filter((a) => a.status === 429)) {
      expect(limited.body.message).toBe(ClientMessage.tooManyRequests);
    }
  });
});
