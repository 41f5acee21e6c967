import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientFor, type TestClient } from './support/api.js';
import { createApp, createLicense, ownerWithApp } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';

const { owner, app } = ownerWithApp();
let client: TestClient;

beforeAll(async () => {
  client = clientFor(app);
  for (const [key, value, minLevel] of [
    ['motd', 'hello world', 0],
    ['premium_url', 'https://example.com/premium', 2],
  ] as const) {
    await http('POST', `/v1/admin/apps/${app.appId}/variables`, { token: owner.token, body: { key, value, minLevel } });
  }
});
afterAll(closeDb);

async function session(level = 1): Promise<{ token: string; userId: string }> {
  const license = await createLicense(owner, app, { level });
  const res = await client.license(license.key);
  expect(res.status).toBe(200);
  return { token: res.body.data.sessionToken, userId: res.body.data.user.userId };
}

async function tokenRow(token: string) {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(token).digest();
}

describe('check and heartbeat', () => {
  it('check answers the user and when the session ends', async () => {
    const { token, userId } = await session();
    const res = await client.check(token);
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body.message).toBe('Session is valid');
    expect(res.body.data.user.userId).toBe(userId);
    // Idle timeout (1800 s by default) comes before the 24 h absolute end.
    const end = new Date(res.body.data.expiresAt).getTime();
    expect(Math.abs(end - (Date.now() + 1800 * 1000))).toBeLessThan(60_000);
  });

  it('heartbeat answers Session alive with the new end', async () => {
    const { token } = await session();
    const res = await client.heartbeat(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Session alive', data: { expiresAt: expect.any(String) } });
  });

  it('a session call counts as activity', async () => {
    const { token } = await session();
    const hash = await tokenRow(token);
    await db().query(`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE token_hash = $1`, [hash]);
    expect((await client.heartbeat(token)).status).toBe(200);
    await eventually(
      async () => {
        const { rows } = await db().query(
          `SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM sessions WHERE token_hash = $1`,
          [hash],
        );
        return rows[0].fresh === true;
      },
      { what: 'the activity stamp' },
    );
  });

  it('answers an unknown, idle or expired session with 401', async () => {
    expect((await client.check('not-a-session-token')).body).toEqual({
      success: false,
      message: 'Invalid or expired session',
      data: {},
    });
    const idle = await session();
    await db().query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [
      await tokenRow(idle.token),
    ]);
    expect((await client.check(idle.token)).status).toBe(401);
    const old = await session();
    await db().query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      await tokenRow(old.token),
    ]);
    expect((await client.heartbeat(old.token)).status).toBe(401);
  });

  it('honours the app’s session settings', async () => {
    const own = await createApp(owner);
    await http('PATCH', `/v1/admin/apps/${own.appId}`, {
      token: owner.token,
      body: { sessionTtlSeconds: 120, sessionIdleSeconds: 60 },
    });
    const license = await createLicense(owner, own);
    const res = await clientFor(own).license(license.key);
    const end = new Date(res.body.data.expiresAt).getTime();
    expect(Math.abs(end - (Date.now() + 60_000))).toBeLessThan(10_000);
    const { rows } = await db().query(`SELECT expires_at - created_at AS ttl FROM sessions WHERE token_hash = $1`, [
      await tokenRow(res.body.data.sessionToken),
    ]);
    expect(rows[0].ttl.minutes * 60 + (rows[0].ttl.seconds ?? 0)).toBeGreaterThanOrEqual(119);
  });

  it('does not accept another app’s session', async () => {
    const { token } = await session();
    const other = await createApp(owner);
    expect((await clientFor(other).check(token)).status).toBe(401);
  });

  it('requires the sessionToken field', async () => {
    const res = await client.call({ type: 'check' });
    expect([res.status, res.body.message]).toEqual([400, 'sessionToken is required']);
  });
});

describe('logout', () => {
  it('ends the session', async () => {
    const { token } = await session();
    const res = await client.logout(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out', data: {} });
    expect((await client.check(token)).status).toBe(401);
    expect((await client.logout(token)).status).toBe(401);
  });

  it('refuses an idle or expired session, as the session rules do, and leaves it as it was', async () => {
    const idle = await session();
    const old = await session();
    const idleHash = await tokenRow(idle.token);
    const oldHash = await tokenRow(old.token);
    await db().query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [
      idleHash,
    ]);
    await db().query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [oldHash]);
    expect((await client.logout(idle.token)).status).toBe(401);
    expect((await client.logout(old.token)).status).toBe(401);
    const { rows } = await db().query(`SELECT end_reason FROM sessions WHERE token_hash = ANY($1)`, [
      [idleHash, oldHash],
    ]);
    expect(rows).toEqual([{ end_reason: null }, { end_reason: null }]);
  });
});

describe('var', () => {
  it('reads a variable', async () => {
    const { token } = await session();
    const res = await client.variable(token, 'motd');
    expect(res.status).toBe(200);
    expect(res.verified).toBe(true);
    expect(res.body).toEqual({
      success: true,
      message: 'Variable retrieved',
      data: { key: 'motd', value: 'hello world' },
    });
  });

  it('answers an unknown variable with 404 and a low level with 403', async () => {
    const { token } = await session(1);
    expect((await client.variable(token, 'nope')).body).toEqual({
      success: false,
      message: 'Variable not found',
      data: {},
    });
    const low = await client.variable(token, 'premium_url');
    expect([low.status, low.body.message]).toEqual([403, 'Insufficient level']);
    const premium = await session(2);
    expect((await client.variable(premium.token, 'premium_url')).body.data.value).toBe('https://example.com/premium');
  });

  it('requires a live session', async () => {
    const res = await client.variable('not-a-session-token', 'motd');
    expect([res.status, res.body.message]).toEqual([401, 'Invalid or expired session']);
    const missing = await client.call({ type: 'var', sessionToken: 'x' });
    expect([missing.status, missing.body.message]).toEqual([400, 'key is required']);
  });
});
