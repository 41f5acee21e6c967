// Issue 8: no secret reaches the logs, even when a query fails with secrets
// among its parameters. Issue 37 (finding 8): nor does any secret the service
// issues, whatever the flow that carries it, a URL included. Each test runs a
// private API process on a database of its own at debug level; every secret
// its scenario creates is then searched for in all of the process's output.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { download, send, uploadForm } from './support/files.js';
import { http } from './support/http.js';
import { KeyAuthClient } from './support/keyauth-client.js';
import { FROM_ORIGIN } from './support/passkeys.js';
import { totpCode } from './support/two-factor.js';

const DATABASE = `latchkey_test_logs_${process.pid}`;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabase(DATABASE);
}, 60_000);

afterAll(async () => {
  await dropDatabase(DATABASE);
});

/** An API process logging at debug level, with all it writes to standard output and error. */
async function verboseApi(): Promise<{ api: RunningApi; stopAndRead: () => Promise<string> }> {
  // Every client call's line too: their URLs are among what the search covers.
  const api = await startApi(testEnv(databaseUrl, { LOG_LEVEL: 'debug', LOG_CLIENT_CALLS: 'all' }));
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  api.child.stdout!.on('data', collect);
  api.child.stderr!.on('data', collect);
  return {
    api,
    stopAndRead: async () => {
      // Output may still be in the pipes when the process exits: read until they close.
      const closed = new Promise((resolve) => api.child.once('close', resolve));
      await api.stop(); // the logger flushes its buffer on exit
      await closed;
      return output;
    },
  };
}

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
    const { api, stopAndRead } = await verboseApi();
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

    const output = await stopAndRead();
    expect(output).toContain('"level":50'); // the failures were logged...
    expectNoneIn(output, secrets); // ...without a secret
    expect(output).not.toContain('whsec_');
  });
});

/** The prefixes of the secrets the service issues; the part after one is the secret's random part. */
const SECRET_PREFIX = /^(lka|lkp|lkc|lki|lk|whsec)_/;

/**
 * Each secret absent from `output`: as it is, its random part after a known prefix, without dashes (a
 * recovery code), and percent-encoded (as in a URL).
 */
function expectNoneIn(output: string, secrets: string[]): void {
  const forms = secrets.flatMap((secret) =>
    [secret, secret.replace(SECRET_PREFIX, ''), secret.replaceAll('-', '')].flatMap((form) => [
      form,
      encodeURIComponent(form),
    ]),
  );
  for (const form of new Set(forms)) {
    expect(form.length).toBeGreaterThanOrEqual(12);
    expect(output.includes(form) ? form : null).toBeNull();
  }
}

describe('logs (issue 37, finding 8)', () => {
  it('hold none of the secrets the service issues, whichever flow carries them, a URL included', async () => {
    const { api, stopAndRead } = await verboseApi();
    const call = (method: string, path: string, options: { body?: unknown; token?: string; headers?: any } = {}) =>
      http(method, path, { baseUrl: api.url, ...options });
    const secrets: string[] = [];
    const issued = (secret: string, prefix: string): string => {
      expect(typeof secret === 'string' && secret.startsWith(prefix)).toBe(true);
      secrets.push(secret);
      return secret;
    };
    const password = 'issued password 1';

    // Login tokens, and a personal access token used: as it should be, where an id goes, in a query.
    const email = 'issued@example.com';
    const token = issued(
      (await call('POST', '/v1/admin/auth/signup', { body: { email, password } })).body.data.accessToken,
      'lka_',
    );
    issued((await call('POST', '/v1/admin/auth/login', { body: { email, password } })).body.data.accessToken, 'lka_');
    const pat = issued(
      (await call('POST', '/v1/admin/tokens', { body: { name: 'ci' }, token })).body.data.token,
      'lkp_',
    );
    expect((await call('GET', '/v1/admin/apps', { token: pat })).status).toBe(200);
    expect((await call('GET', `/v1/admin/apps/${pat}`, { token: pat })).status).toBe(404);
    expect((await call('GET', `/v1/admin/apps?token=${pat}`, { token: pat })).status).toBe(200);

    // App API keys: issued, rotated, used.
    const app = (await call('POST', '/v1/admin/apps', { body: { name: 'Issued' }, token })).body.data;
    issued(app.apiKey, 'lk_');
    const apiKey = issued(
      (await call('POST', `/v1/admin/apps/${app.appId}/api-key/rotate`, { token })).body.data.apiKey,
      'lk_',
    );

    // An invitation: created, previewed (the token is the URL's last segment, also with the path
    // percent-encoded, which routes the same), accepted, and previewed once spent.
    const invitation = issued(
      (await call('POST', `/v1/admin/apps/${app.appId}/invitations`, { body: { role: 'viewer' }, token })).body.data
        .token,
      'lki_',
    );
    expect((await call('GET', `/v1/admin/invitations/${invitation}`)).status).toBe(200);
    expect((await call('GET', `/v1/admin/invitation%73/${invitation}`)).status).toBe(200);
    const memberToken = issued(
      (await call('POST', '/v1/admin/auth/signup', { body: { email: 'invited@example.com', password } })).body.data
        .accessToken,
      'lka_',
    );
    const accepted = await call('POST', '/v1/admin/invitations/accept', {
      body: { token: invitation },
      token: memberToken,
    });
    expect(accepted.status).toBe(200);
    expect((await call('GET', `/v1/admin/invitations/${invitation}`)).status).toBe(410);
    expect((await call('GET', `/v1/admin/invitations/${invitation}/members`)).status).toBe(404);

    // Client sessions (the API key in use), and a file's download link: fetched, described, refused.
    const [license] = (
      await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { body: { count: 2, durationType: '1d' }, token })
    ).body.data;
    const client = (fields: Record<string, unknown>) =>
      call('POST', '/v1', { body: { appId: app.appId, apiKey, ...fields } });
    const registered = await client({ type: 'register', username: 'issued', password, licenseKey: license.key });
    expect(registered.status).toBe(200);
    issued(registered.body.data.sessionToken, '');
    const sessionToken = issued(
      (await client({ type: 'login', username: 'issued', password })).body.data.sessionToken,
      '',
    );
    expect((await client({ type: 'check', sessionToken })).status).toBe(200);
    const file = await send(api.url, 'POST', `/v1/admin/apps/${app.appId}/files`, token, uploadForm(Buffer.from('x')));
    expect(file.status).toBe(201);
    const link = (await client({ type: 'file', sessionToken, fileId: file.body.data.fileId })).body.data.url as string;
    issued(link.slice(link.lastIndexOf('/') + 1), '');
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(link, { method: 'POST' })).status).toBe(405);
    expect((await fetch(link, { method: 'PROPFIND' })).status).toBe(404);
    expect((await download(link)).status).toBe(200);

    // KeyAuth 1.2 with fields in the query string, as some clients send them: the app secret, the
    // session id, the password; also on a method the endpoint does not take.
    const keyAuthSettings = {
      enabled: true,
      ownerId: 'issuedown1',
      name: 'Issued',
      versions: ['1.2'],
      subscriptionNames: {},
      fetchOnline: false,
      selfBan: false,
      appVersion: null,
      downloadUrl: null,
    };
    expect((await call('PUT', `/v1/admin/apps/${app.appId}/keyauth`, { body: keyAuthSettings, token })).status).toBe(
      200,
    );
    const keyAuthSecret = (await call('POST', `/v1/admin/apps/${app.appId}/keyauth/secret/reveal`, { token })).body.data
      .secret as string;
    issued(keyAuthSecret, '');
    const keyAuth = new KeyAuthClient({
      version: '1.2',
      ownerId: keyAuthSettings.ownerId,
      name: keyAuthSettings.name,
      secret: keyAuthSecret,
      enckey: 'client-enckey-1',
      inQuery: true,
      baseUrl: api.url,
    });
    expect((await keyAuth.init()).json?.success).toBe(true);
    issued(keyAuth.sessionId, '');
    expect((await keyAuth.request('login', { username: 'issued', pass: password })).json?.success).toBe(true);
    expect((await keyAuth.request('check')).json?.success).toBe(true);
    const stray = await fetch(`${keyAuth.url}?type=login&sessionid=${keyAuth.sessionId}&pass=${password}`, {
      method: 'PUT',
    });
    expect(stray.status).toBe(404);

    // Passkey challenges, for a registration and for a sign-in.
    const registration = await call('POST', '/v1/admin/auth/passkeys/registration-options', {
      token,
      headers: FROM_ORIGIN,
    });
    expect(registration.status).toBe(200);
    issued(registration.body.data.challenge, '');
    const signIn = await call('POST', '/v1/admin/auth/passkeys/authentication-options', {
      headers: FROM_ORIGIN,
      body: {},
    });
    expect(signIn.status).toBe(200);
    issued(signIn.body.data.options.challenge, '');

    const output = await stopAndRead();
    // No secret, nor the password, is in the log...
    expectNoneIn(output, [...secrets, password]);
    // ...though the requests that carried them are.
    expect(output).toContain('"url":"/v1/admin/invitations/[redacted]"');
    expect(output).toContain('"url":"/v1/admin/invitation%73/[redacted]"');
    expect(output).toContain('"url":"/api/1.2/?type=login&');
  }, 60_000);
});
