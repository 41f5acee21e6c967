import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { http } from './support/http.js';

// Two API processes on one PostgreSQL and Redis, as API_PROCESSES=2 or two
// replicas run them: an app change made through one holds in both within a second.
const databaseName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_scale`;
let apis: RunningApi[] = [];

beforeAll(async () => {
  const env = testEnv(await freshDatabase(databaseName));
  apis = [await startApi(env), await startApi(env)];
}, 120_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await dropDatabase(databaseName).catch(() => undefined);
}, 60_000);

interface App {
  appId: string;
  apiKey: string;
  token: string;
}

async function ownerApp(): Promise<App> {
  const baseUrl = apis[0]!.url;
  const signup = await http('POST', '/v1/admin/auth/signup', {
    baseUrl,
    body: { email: `owner-${randomUUID()}@example.com`, password: 'correct horse battery' },
  });
  const token = signup.body.data.accessToken;
  const app = await http('POST', '/v1/admin/apps', { baseUrl, token, body: { name: 'Scale' } });
  return { appId: app.body.data.appId, apiKey: app.body.data.apiKey, token };
}

async function init(api: RunningApi, app: { appId: string; apiKey: string }) {
  const res = await fetch(`${api.url}/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'init', appId: app.appId, apiKey: app.apiKey }),
  });
  const body = (await res.json()) as { message: string };
  return `${res.status} ${body.message}`;
}

/** Both processes answer `expected` within one second of the change. */
async function bothAnswer(app: { appId: string; apiKey: string }, expected: string): Promise<void> {
  for (const api of apis) {
    await eventually(() => init(api, app), {
      until: (answer) => answer === expected,
      timeoutMs: 1000,
      what: `${api.url} to answer ${expected}`,
    });
  }
}

describe('an app change made through one API process', () => {
  it('disabling the app holds in every process within a second', async () => {
    const app = await ownerApp();
    // Both processes have the app cached before the change.
    expect(await Promise.all(apis.map((api) => init(api, app)))).toEqual([
      expect.stringMatching(/^200 /),
      expect.stringMatching(/^200 /),
    ]);
    const patched = await http('PATCH', `/v1/admin/apps/${app.appId}`, {
      baseUrl: apis[0]!.url,
      token: app.token,
      body: { enabled: false },
    });
    expect(patched.status).toBe(200);
    await bothAnswer(app, '403 Application is disabled');
  }, 30_000);

  it('a blacklist entry holds in every process within a second', async () => {
    const app = await ownerApp();
    expect((await Promise.all(apis.map((api) => init(api, app)))).every((a) => a.startsWith('200 '))).toBe(true);
    const entry = await http('POST', `/v1/admin/apps/${app.appId}/blacklist`, {
      baseUrl: apis[0]!.url,
      token: app.token,
      body: { type: 'ip', value: '127.0.0.0/8', reason: 'scale test' },
    });
    expect(entry.status).toBe(201);
    await bothAnswer(app, '403 Access denied');
  }, 30_000);

  it('rotating the API key holds in every process within a second', async () => {
    const app = await ownerApp();
    expect((await Promise.all(apis.map((api) => init(api, app)))).every((a) => a.startsWith('200 '))).toBe(true);
    const rotated = await http('POST', `/v1/admin/apps/${app.appId}/api-key/rotate`, {
      baseUrl: apis[0]!.url,
      token: app.token,
    });
    expect([200, 201]).toContain(rotated.status);
    await bothAnswer(app, '401 Invalid application credentials');
  }, 30_000);
});
