import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually.js';
import type { HttpResult } from './support/http.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';

// Stopping PostgreSQL would break every other suite on the shared server, so
// this spec runs its own.
let postgres: ThrowawayPostgres;
let stack: ServiceStack;

beforeAll(async () => {
  postgres = await ThrowawayPostgres.start();
  stack = await ServiceStack.start('faults', {}, { databaseUrl: postgres.url('latchkey_faults'), workers: 0 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  postgres?.destroy();
}, 60_000);

const UNAVAILABLE = { success: false, message: 'Service unavailable', data: {} };

function licenseCall(app: StackOwner): Promise<HttpResult> {
  return stack.client(app, { type: 'license', licenseKey: 'NOT-A-REAL-KEY-0000' });
}

/**
 * Runs `call` in `parallel` loops until the returned stop function is
 * called; that function resolves with every answer once the loops are done.
 */
function load<T>(parallel: number, call: () => Promise<T | undefined>): { answers: T[]; stop: () => Promise<T[]> } {
  const answers: T[] = [];
  let running = true;
  const loops = Array.from({ length: parallel }, async () => {
    while (running) {
      const answer = await call();
      if (answer === undefined) return;
      answers.push(answer);
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

describe('a PostgreSQL restart under load', () => {
  it('answers 503 Service unavailable in the envelope while it is down, never 500, and recovers by itself', async () => {
    const app = await stack.ownerWithApp();
    const healthy = await licenseCall(app);
    expect(healthy.status).toBe(404);

    const traffic = load(1, () => licenseCall(app));
    postgres.stop();
    await eventually(() => traffic.answers.some((a) => a.status === 503), { what: 'a 503 while PostgreSQL is down' });
    postgres.start();
    await eventually(async () => (await licenseCall(app)).status === healthy.status, {
      timeoutMs: 30_000,
      what: 'answers as before once PostgreSQL is back',
    });
    const answers = await traffic.stop();

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([healthy.status, 503]));
    expect(answers.find((a) => a.status === 503)!.body).toEqual(UNAVAILABLE);
  }, 120_000);

  it('leaves no half-made user, key or session: each registration happened whole or not at all', async () => {
    const app = await stack.ownerWithApp({ rateLimitPerMinute: 0 });
    const keys = await stack.licenseKeys(app, { count: 100 });
    const spareKey = keys.pop()!;
    const password = 'hunter22';
    interface Attempt {
      username: string;
      key: string;
      result: HttpResult;
    }
    // Each attempt has a key and a username of its own, so its traces in the database are its alone.
    const registrations = load<Attempt>(4, async () => {
      const key = keys.pop();
      if (!key) return undefined;
      const username = `reg_${randomUUID().slice(0, 8)}`;
      const result = await stack.client(app, { type: 'register', username, password, licenseKey: key });
      return { username, key, result };
    });

    await eventually(() => registrations.answers.filter((a) => a.result.status === 200).length >= 4, {
      what: 'registrations under way',
    });
    // Registrations are in flight when the server goes.
    postgres.stop();
    await eventually(() => registrations.answers.some((a) => a.result.status === 503), {
      what: 'a registration refused with 503 while PostgreSQL is down',
    });
    postgres.start();
    const recovered = await eventually(
      () => stack.client(app, { type: 'register', username: 'after_restart', password, licenseKey: spareKey }),
      { until: (res) => res.status !== 503, timeoutMs: 30_000, what: 'registrations to work again' },
    );
    expect(recovered.status).toBe(200);
    const attempts = await registrations.stop();
    attempts.push({ username: 'after_restart', key: spareKey, result: recovered });

    expect(new Set(attempts.map((a) => a.result.status))).toEqual(new Set([200, 503]));
    for (const refused of attempts.filter((a) => a.result.status === 503))
      expect(refused.result.body).toEqual(UNAVAILABLE);

    // Every registration that answered 200 has its user and a session that works.
    const succeeded = attempts.filter((a) => a.result.status === 200);
    const checks = await Promise.all(
      succeeded.map((a) => stack.client(app, { type: 'check', sessionToken: a.result.body.data.sessionToken })),
    );
    expect(checks.map((c) => `${c.status} ${c.body.data.user?.username}`)).toEqual(
      succeeded.map((a) => `200 ${a.username}`),
    );

    // Per attempt: user, key and session all there, or none of them.
    const { rows } = await stack.db().query(
      `SELECT l.key, l.status, u.username,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id) AS sessions,
              u.license_id = l.id AS linked
         FROM licenses l LEFT JOIN users u ON u.id = l.user_id
        WHERE l.app_id = $1 AND l.key = ANY ($2)`,
      [app.appId, attempts.map((a) => a.key)],
    );
    const byKey = new Map(rows.map(({ key, ...state }) => [key, state]));
    const nothing = { status: 'UNUSED', username: null, sessions: 0, linked: null };
    for (const attempt of attempts) {
      const state = byKey.get(attempt.key);
      const whole = { status: 'USED', username: attempt.username, sessions: 1, linked: true };
      // A 503 is either nothing or, when the connection was cut after PostgreSQL had committed, the whole registration.
      const allowed = attempt.result.status === 200 ? [whole] : [nothing, whole];
      expect(allowed).toContainEqual(state);
    }
    const { rows: users } = await stack
      .db()
      .query('SELECT username FROM users WHERE app_id = $1 AND username <> ALL ($2)', [
        app.appId,
        attempts.map((a) => a.username),
      ]);
    expect(users).toEqual([]);

    // No session outlived its user, and no user lacks the session its registration opened.
    const { rows: orphans } = await stack.db().query(
      `SELECT (SELECT count(*)::int FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)) AS sessions,
              (SELECT count(*)::int FROM users u
                WHERE u.app_id = $1 AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)) AS users`,
      [app.appId],
    );
    expect(orphans[0]).toEqual({ sessions: 0, users: 0 });
  }, 120_000);
});
