// Issue 8: no secret reaches the logs, even when a query fails with secrets
// among its parameters. A private API process on a database of its own logs at
// debug level; every secret the scenario creates is then searched for in all
// of its output.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { http } from './support/http.js';
import { totpCode } from './support/two-factor.js';

const DATABASE = `latchkey_test_logs_${process.pid}`;
let api: RunningApi;
let databaseUrl: string;
let output = '';

beforeAll(async () => {
  databaseUrl = await freshDatabase(DATABASE);
  api = await startApi(testEnv(databaseUrl, { LOG_LEVEL: 'debug' }));
  const collect = (chunk: Buffer) => (output += chunk.toString());
  api.child.stdout!.on('data', collect);
  api.child.stderr!.on('data', collect);
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await dropDatabase(DATABASE);
});

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('logs', () => {
  it('hold no password, hash, key, token or webhook secret, failed queries included', async () => {
    const call = (method: string, path: string, body?: unknown, token?: string) =>
      http(method, path, { baseUrl: api.url, body, token });
    const secrets: string[] = [];
    const ownerPassword = 'owner password 1';
    const signup = await call('POST', '/v1/admin/auth/signup', { email: 'logs@example.com', password: ownerPassword });
    const token = signup.body.data.accessToken;
    secrets.push(ownerPassword, token);
    const login = await call('POST', '/v1/admin/auth/login', {
      email: 'logs@example.com',
      password: 'wrong password 1',
    });
    expect(login.status).toBe(401);
    secrets.push('wrong password 1');
    const pat = (await call('POST', '/v1/admin/tokens', { name: 'ci' }, token)).body.data.token;
    secrets.push(pat);

    // Two-factor sign-in: the TOTP secret, its codes, the recovery codes and the challenge.
    const { secret: totpSecret } = (await call('POST', '/v1/admin/auth/two-factor/totp', undefined, token)).body.data;
    const confirmCode = totpCode(totpSecret);
    const confirmed = await call('POST', '/v1/admin/auth/two-factor/totp/confirm', { code: confirmCode }, token);
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body.data;
    const challenge = (
      await call('POST', '/v1/admin/auth/login', { email: 'logs@example.com', password: ownerPassword })
    ).body.data.challengeToken;
    expect(
      (await call('POST', '/v1/admin/auth/login/second-factor', { challengeToken: challenge, totpCode: confirmCode }))
        .status,
    ).toBe(401);
    const secondStep = await call('POST', '/v1/admin/auth/login/second-factor', {
      challengeToken: challenge,
      recoveryCode: recoveryCodes[0],
    });
    expect(secondStep.status).toBe(200);
    // Not the 6-digit code: any number in the output could match it.
    secrets.push(totpSecret, challenge, secondStep.body.data.accessToken, ...recoveryCodes);
    const app = (await call('POST', '/v1/admin/apps', { name: 'Logs' }, token)).body.data;
    secrets.push(app.apiKey);
    const webhook = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/webhooks`,
      { url: 'https://example.com/hook', events: ['user.login'] },
      token,
    );
    secrets.push(webhook.body.data.secret);
    const keys = (await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count: 3, durationType: '1d' }, token))
      .body.data;
    secrets.push(...keys.map((k: { key: string }) => k.key));
    // A search by key: query values other than paging and filters stay out of the request log.
    expect(
      (await call('GET', `/v1/admin/apps/${app.appId}/licenses?search=${keys[2].key}`, undefined, token)).status,
    ).toBe(200);
    const client = (fields: Record<string, unknown>) =>
      call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, ...fields });

    const userPassword = 'user password 1';
    const registered = await client({
      type: 'register',
      username: 'alice',
      password: userPassword,
      licenseKey: keys[0].key,
    });
    expect(registered.status).toBe(200);
    secrets.push(userPassword, registered.body.data.sessionToken);
    const licensed = await client({ type: 'license', licenseKey: keys[1].key });
    secrets.push(licensed.body.data.sessionToken);

    // Queries that fail with secrets among their parameters and in PostgreSQL's
    // "Failing row contains (...)" detail: a key's implicit user (named after
    // the key) and a session row.
    const boom = (
      await call(
        'POST',
        `/v1/admin/apps/${app.appId}/licenses`,
        { count: 1, durationType: '1d', prefix: 'BOOM' },
        token,
      )
    ).body.data[0].key;
    secrets.push(boom);
    await sql(`ALTER TABLE users ADD CONSTRAINT logs_test_refuse CHECK (username NOT LIKE 'BOOM%')`);
    await sql(`ALTER TABLE sessions ADD CONSTRAINT logs_test_refuse CHECK (hwid IS DISTINCT FROM 'boom')`);
    const failedInsert = await client({ type: 'license', licenseKey: boom });
    expect(failedInsert.status).toBe(500);
    const failedSession = await client({ type: 'license', licenseKey: keys[1].key, hwid: 'boom' });
    expect(failedSession.status).toBe(500);

    const { rows } = await (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return await c.query(
          `SELECT password_hash FROM users WHERE password_hash IS NOT NULL UNION SELECT password_hash FROM accounts`,
        );
      } finally {
        await c.end();
      }
    })();
    secrets.push(...rows.map((r) => r.password_hash as string));

    // Output may still be in the pipes when the process exits: read until they close.
    const closed = new Promise((resolve) => api.child.once('close', resolve));
    await api.stop(); // the logger flushes its buffer on exit
    await closed;
    expect(output).toContain('"level":50'); // the failures were logged...
    for (const secret of secrets) expect(output.includes(secret) ? secret : null).toBeNull(); // ...without a secret
    expect(output).not.toContain('whsec_');
  });
});
