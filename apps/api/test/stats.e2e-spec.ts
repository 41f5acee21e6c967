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
