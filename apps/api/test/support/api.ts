import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LatchkeyClient, type CreatedApp } from '@latchkey/sdk';

/** Base URL of the API process started by global-setup. */
export const BASE_URL = process.env.LATCHKEY_TEST_URL!;

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call to the API. `body` is sent as JSON unless it is already a string. */
export async function http<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(BASE_URL + path, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (CSV, HTML): keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export interface Owner {
  email: string;
  password: string;
  token: string;
  accountId: string;
}

/** Signs up a new owner with a unique email. */
export async function signupOwner(): Promise<Owner> {
  const email = `owner-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const res = await http('POST', '/v1/admin/auth/signup', { body: { email, password } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.data.accessToken, accountId: res.body.data.account.id };
}

export async function createApp(owner: Owner, fields: Record<string, unknown> = {}): Promise<CreatedApp> {
  const res = await http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'Test App', ...fields } });
  if (res.status !== 201) throw new Error(`create app failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A client that verifies every response's signature with the app's public key. */
export function clientFor(app: { appId: string; apiKey: string; publicKey?: string }): LatchkeyClient {
  return new LatchkeyClient({ baseUrl: BASE_URL, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey });
}

let pool: pg.Pool | undefined;
/** Direct access to the test database, for assertions the API does not expose. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: process.env.LATCHKEY_TEST_DATABASE_URL, max: 4 });
  return pool;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

/** Generates keys through the admin API; returns the license records. */
export async function createLicenses(
  owner: Owner,
  app: { appId: string },
  fields: Record<string, unknown> = {},
): Promise<Array<{ id: string; key: string; [field: string]: unknown }>> {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
    token: owner.token,
    body: { durationType: '30d', ...fields },
  });
  if (res.status !== 201) throw new Error(`create licenses failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createLicense(owner: Owner, app: { appId: string }, fields: Record<string, unknown> = {}) {
  return (await createLicenses(owner, app, { ...fields, count: 1 }))[0]!;
}

/** The events recorded for an app, oldest first. */
export async function recordedEvents(appId: string): Promise<Array<{ name: string; data: any }>> {
  const { rows } = await db().query('SELECT name, data FROM events WHERE app_id = $1 ORDER BY created_at, name', [
    appId,
  ]);
  return rows;
}

export function patchApp(owner: Owner, app: { appId: string }, body: Record<string, unknown>) {
  return http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body });
}
