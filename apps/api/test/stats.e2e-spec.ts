import { afterAll, describe, expect, it } from '@jest/globals';
import { clientFor } from './support/api.js';
import { createApp, createUser, insertSession, signedUpOwner, signupOwner, USER_PASSWORD } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

const owner = signedUpOwner();
afterAll(closeDb);

const statsPath = (app: { appId: string }) => `/v1/admin/apps/${app.appId}/stats`;

/** UTC date `daysAgo` days before the database's today, as the API reports days. */
async function day(daysAgo: number): Promise<string> {
  const { rows } = await db().query(`SELECT to_char((now() AT TIME ZONE 'UTC')::date - $1::int, 'YYYY-MM-DD') AS d`, [
    daysAgo,
  ]);
  return rows[0].d;
}

async function insertLicense(appId: string, status: string, activatedAgo: string | null): Promise<void> {
  await db().query(
    `INSERT INTO licenses (app_id, key, status, duration_type, activated_at)
     VALUES ($1, gen_random_uuid()::text, $2, '30d', now() - $3::interval)`,
    [appId, status, activatedAgo],
  );
}

async function insertLogin(appId: string, ago: string): Promise<void> {
  await db().query(
    `INSERT INTO events (app_id, name, data, created_at) VALUES ($1, 'user.login', '{}', now() - $2::interval)`,
    [appId, ago],
  );
}

describe('app stats', () => {
  it('answers zeros and 30 empty days for a new app', async () => {
    const app = await createApp(owner);
    const res = await http('GET', statsPath(app), { token: owner.token });
    expect(res.status).toBe(200);
    const stats = res.body.data;
    expect(stats).toMatchObject({
      users: 0,
      activeSessions: 0,
      licenses: { UNUSED: 0, USED: 0, BANNED: 0, EXPIRED: 0, total: 0 },
    });
    for (const series of [stats.activations, stats.logins]) {
      expect(series).toHaveLength(30);
      expect(series[0]).toEqual({ date: await day(29), count: 0 });
      expect(series[29]).toEqual({ date: await day(0), count: 0 });
      expect(series.every((d: { count: number }) => d.count === 0)).toBe(true);
    }
  });

  it('counts users, live sessions, licenses by status and activations and logins per day', async () => {
    const app = await createApp(owner);
    const other = await createApp(owner);
    const alice = await createUser(owner, app, { maxDevices: 5 });
    const bob = await createUser(owner, app);
    await createUser(owner, other);
    await insertSession(app.appId, alice.userId);
    await insertSession(app.appId, bob.userId);
    await insertSession(app.appId, alice.userId, { ended: true });
    await insertSession(app.appId, alice.userId, { lastSeen: '-2 hours' });
    await insertSession(app.appId, alice.userId, { expires: '-1 minute' });

    await insertLicense(app.appId, 'UNUSED', null);
    await insertLicense(app.appId, 'UNUSED', null);
    await insertLicense(app.appId, 'USED', '0 days');
    await insertLicense(app.appId, 'USED', '0 days');
    await insertLicense(app.appId, 'BANNED', '2 days');
    await insertLicense(app.appId, 'EXPIRED', '40 days');
    await insertLicense(other.appId, 'USED', '0 days');

    await insertLogin(app.appId, '0 days');
    await insertLogin(app.appId, '29 days');
    await insertLogin(app.appId, '31 days');
    await insertLogin(other.appId, '0 days');

    const res = await http('GET', statsPath(app), { token: owner.token });
    const stats = res.body.data;
    expect(stats.users).toBe(2);
    expect(stats.activeSessions).toBe(2);
    expect(stats.licenses).toEqual({ UNUSED: 2, USED: 2, BANNED: 1, EXPIRED: 1, total: 6 });
    const nonZero = (series: Array<{ date: string; count: number }>) => series.filter((d) => d.count > 0);
    expect(nonZero(stats.activations)).toEqual([
      { date: await day(2), count: 1 },
      { date: await day(0), count: 2 },
    ]);
    expect(nonZero(stats.logins)).toEqual([
      { date: await day(29), count: 1 },
      { date: await day(0), count: 1 },
    ]);
  });

  it('answers what counting the rows gives, across UTC day boundaries, from stored days once they close', async () => {
    const app = await createApp(owner);
    // Rows at each UTC midnight of the last 5 days and a microsecond before it (PostgreSQL's clock, never
    // the test's), one more per day back, and some past the window.
    await db().query(
      `WITH midnights AS (
         SELECT k, ((now() AT TIME ZONE 'UTC')::date - k)::timestamp AT TIME ZONE 'UTC' AS at
           FROM generate_series(0, 5) k),
       moments AS (
         SELECT at + interval '1 minute' * n AS at FROM midnights, generate_series(0, k) n
         UNION ALL SELECT at - interval '1 microsecond' FROM midnights
         UNION ALL SELECT now() - interval '30 days' - interval '1 hour' * n FROM generate_series(1, 3) n),
       logins AS (INSERT INTO events (app_id, name, data, created_at) SELECT $1, 'user.login', '{}', at FROM moments)
       INSERT INTO licenses (app_id, key, status, duration_type, activated_at)
       SELECT $1, gen_random_uuid()::text, 'USED', '30d', at FROM moments`,
      [app.appId],
    );
    const counted = async (table: 'events' | 'licenses') => {
      const column = table === 'events' ? 'created_at' : 'activated_at';
      const { rows } = await db().query(
        `SELECT to_char(d, 'YYYY-MM-DD') AS date,
                (SELECT count(*)::int FROM ${table}
                  WHERE app_id = $1 AND (${column} AT TIME ZONE 'UTC')::date = d::date) AS count
           FROM generate_series((now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date,
                                interval '1 day') d ORDER BY d`,
        [app.appId],
      );
      return rows;
    };
    const expected = { activations: await counted('licenses'), logins: await counted('events') };
    expect(expected.logins.filter((d: { count: number }) => d.count > 0)).toHaveLength(7);

    const first = (await http('GET', statsPath(app), { token: owner.token })).body.data;
    expect({ activations: first.activations, logins: first.logins }).toEqual(expected);
    // Every day that closed over an hour ago is stored, with what was counted.
    const { rows: stored } = await db().query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, activations, logins FROM app_activity_days
        WHERE app_id = $1 ORDER BY day`,
      [app.appId],
    );
    const { rows: closed } = await db().query(
      `SELECT count(*)::int AS n FROM generate_series(0, 29) k
        WHERE ((now() AT TIME ZONE 'UTC')::date - k + 1)::timestamp AT TIME ZONE 'UTC' <= now() - interval '1 hour'`,
    );
    expect(stored).toHaveLength(closed[0].n);
    for (const day of stored) {
      const at = expected.logins.findIndex((d: { date: string }) => d.date === day.date);
      expect([day.activations, day.logins]).toEqual([expected.activations[at].count, expected.logins[at].count]);
    }

    // A second call reads the stored days back and counts today's rows, new ones included.
    await insertLogin(app.appId, '0 days');
    const second = (await http('GET', statsPath(app), { token: owner.token })).body.data;
    expected.logins[29].count += 1;
    expect({ activations: second.activations, logins: second.logins }).toEqual(expected);
  });

  it('requires a bearer token and answers 404 for another owner’s app', async () => {
    const app = await createApp(owner);
    expect((await http('GET', statsPath(app))).status).toBe(401);
    const intruder = await signupOwner();
    expect((await http('GET', statsPath(app), { token: intruder.token })).status).toBe(404);
    expect((await http('GET', '/v1/admin/apps/not-a-uuid/stats', { token: owner.token })).status).toBe(404);
  });

  it('counts a client login today', async () => {
    const app = await createApp(owner);
    const user = await createUser(owner, app);
    expect((await clientFor(app).login(user.username, USER_PASSWORD)).status).toBe(200);
    const stats = (await http('GET', statsPath(app), { token: owner.token })).body.data;
    expect(stats.logins[29].count).toBe(1);
    expect(stats.activeSessions).toBe(1);
  });
});
