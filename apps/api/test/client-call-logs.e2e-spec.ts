// Which client calls get a request log line (LOG_CLIENT_CALLS, docs/operations.md "Logs"): by default
// only failures, so a busy app's log is not a line per launch; `all` logs every call. The console's
// routes and the KeyAuth seller API (an owner's writes) are logged either way.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dropDatabase, freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { http } from './support/http.js';
import { keyAuthSettings } from './support/keyauth.js';

const DATABASE = `latchkey_test_client_logs_${process.pid}`;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabase(DATABASE);
}, 60_000);

afterAll(async () => {
  await dropDatabase(DATABASE);
});

/** The request lines an API process wrote while `scenario` ran against it, as `METHOD path status`. */
async function requestLines(
  settings: Record<string, string>,
  scenario: (baseUrl: string) => Promise<void>,
): Promise<string[]> {
  const api = await startApi(testEnv(databaseUrl, { LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...settings }));
  let output = '';
  api.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise((resolve) => api.child.once('close', resolve));
  try {
    await scenario(api.url);
  } finally {
    await api.stop(); // the logger flushes its buffer on exit
    await closed;
  }
  return output
    .split('\n')
    .filter((line) => line.includes('"statusCode"'))
    .map((line) => JSON.parse(line) as { method: string; url: string; statusCode: number })
    .map(({ method, url, statusCode }) => `${method} ${url.split('?')[0]} ${statusCode}`);
}

/** An owner's app with KeyAuth on and a seller key, and one call of each kind the log tells apart. */
async function clientCalls(baseUrl: string, email: string): Promise<void> {
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    http(method, path, { baseUrl, body, token });
  const token = (await call('POST', '/v1/admin/auth/signup', { email, password: 'client logs 1' })).body.data
    .accessToken as string;
  const app = (await call('POST', '/v1/admin/apps', { name: 'Client logs' }, token)).body.data;
  const keyauth = keyAuthSettings({ name: 'Client logs', versions: ['1.3'] });
  expect((await call('PUT', `/v1/admin/apps/${app.appId}/keyauth`, keyauth, token)).status).toBe(200);
  const sellerKey = (await call('POST', `/v1/admin/apps/${app.appId}/keyauth/seller-key`, undefined, token)).body.data
    .sellerKey as string;

  expect((await call('POST', '/v1', { type: 'init', appId: app.appId, apiKey: app.apiKey })).status).toBe(200);
  expect((await call('POST', '/v1', { type: 'init', appId: app.appId, apiKey: 'lka_wrong' })).status).toBe(401);
  const form = new URLSearchParams({ type: 'init', ownerid: keyauth.ownerId, name: keyauth.name, ver: '1.0' });
  const keyauthInit = await fetch(`${baseUrl}/api/1.3/`, { method: 'POST', body: form });
  expect(((await keyauthInit.json()) as { success: boolean }).success).toBe(true);
  const keyauthRefused = await fetch(`${baseUrl}/api/1.3/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{',
  });
  expect(keyauthRefused.status).toBe(400);
  const sellerCall = await fetch(
    `${baseUrl}/api/seller/?${new URLSearchParams({ sellerkey: sellerKey, type: 'stats' })}`,
  );
  expect(sellerCall.status).toBe(200);
}

describe('client call log lines', () => {
  it('by default log a client call only when it fails; the console and seller calls always', async () => {
    const lines = await requestLines({}, (baseUrl) => clientCalls(baseUrl, 'failures@example.com'));
    expect(lines.filter((line) => line.startsWith('POST /v1 '))).toEqual(['POST /v1 401']);
    expect(lines.filter((line) => line.startsWith('POST /api/1.3/'))).toEqual(['POST /api/1.3/ 400']);
    expect(lines).toContain('GET /api/seller/ 200');
    expect(lines).toContain('POST /v1/admin/apps 201');
  }, 60_000);

  it('log every client call with LOG_CLIENT_CALLS=all', async () => {
    const lines = await requestLines({ LOG_CLIENT_CALLS: 'all' }, (baseUrl) => clientCalls(baseUrl, 'all@example.com'));
    expect(lines.filter((line) => line.startsWith('POST /v1 '))).toEqual(['POST /v1 200', 'POST /v1 401']);
    expect(lines.filter((line) => line.startsWith('POST /api/1.3/'))).toEqual([
      'POST /api/1.3/ 200',
      'POST /api/1.3/ 400',
    ]);
    expect(lines).toContain('GET /api/seller/ 200');
  }, 60_000);
});
