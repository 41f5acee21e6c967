// What every browser test file shares: the built API serving the built
// dashboard on a scratch database of the file's own, one Chromium, a JSON
// caller for the admin and client APIs, and a signed-in owner with an app.
//
// Environment: LATCHKEY_API_DIST and DASHBOARD_DIR pick other builds;
// DASHBOARD_E2E_DB_SUFFIX is appended to every database name so that two
// checkouts can run the same file at once.
import { expect } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, startApi, startWorker, testEnv } from '../../../scripts/test-service.mjs';
import { launchBrowser } from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DASHBOARD_DIST = path.resolve(process.env.DASHBOARD_DIR || path.join(repoRoot, 'apps/dashboard/dist'));
export const PASSWORD = 'correct horse battery';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function uniqueEmail(label) {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/**
 * Starts the service and a browser for one test file. Call in `beforeAll`
 * and `stop()` in `afterAll`; `extraEnv` reaches the service's processes;
 * `worker: true` starts the worker too (webhook deliveries).
 */
export async function startHarness(label, extraEnv = {}, { worker: withWorker = false } = {}) {
  const database = `latchkey_dash_${label}${process.env.DASHBOARD_E2E_DB_SUFFIX ?? ''}`;
  // A queue prefix of its own: no other test run's worker takes this one's webhook jobs.
  const databaseUrl = await freshDatabase(database);
  const env = testEnv(databaseUrl, {
    DASHBOARD_DIR: DASHBOARD_DIST,
    QUEUE_PREFIX: database,
    ...extraEnv,
  });
  const api = await startApi(env);
  const worker = withWorker ? await startWorker(env) : null;
  const browser = await launchBrowser();

  /** One JSON request; `{ status, body }` (body null when the answer is not JSON). */
  async function call(method, urlPath, body, token) {
    const res = await fetch(`${api.url}${urlPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    return { status: res.status, body: isJson ? JSON.parse(text) : null, text };
  }

  /** A new owner account through the API: `{ email, token }`. */
  async function newOwner(emailLabel = 'owner') {
    const email = uniqueEmail(emailLabel);
    const signup = await call('POST', '/v1/admin/auth/signup', { email, password: PASSWORD });
    expect(signup.status).toBe(201);
    return { email, token: signup.body.data.accessToken };
  }

  /**
   * A browser page signed in with `token` (the dashboard keeps it in
   * sessionStorage); page errors are collected for the test to assert empty.
   */
  async function signedInPage(token, { viewport = DESKTOP, colorScheme = 'light' } = {}) {
    const context = await browser.newContext({ viewport, colorScheme });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${api.url}/sign-in`);
    await page.evaluate((value) => sessionStorage.setItem('latchkey.accessToken', value), token);
    return { context, page, pageErrors };
  }

  /** A new owner with one app and a signed-in page: `{ email, token, app, context, page, pageErrors }`. */
  async function ownerWithApp({ appName = `${label} app`, ...pageOptions } = {}) {
    const owner = await newOwner();
    const created = await call('POST', '/v1/admin/apps', { name: appName }, owner.token);
    expect(created.status).toBe(201);
    return { ...owner, app: created.body.data, ...(await signedInPage(owner.token, pageOptions)) };
  }

  /** Generates one key and registers `username` with it through `POST /v1`. */
  async function registerClientUser(owner, app, { username, password = 'secret123', hwid, level } = {}) {
    const generated = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { count: 1, durationType: '30d', ...(level === undefined ? {} : { level }) },
      owner.token,
    );
    expect(generated.status).toBe(201);
    const licenseKey = generated.body.data[0].key;
    const registered = await call('POST', '/v1', {
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'register',
      username,
      password,
      licenseKey,
      ...(hwid === undefined ? {} : { hwid }),
    });
    expect(registered.status).toBe(200);
    return { licenseKey, sessionToken: registered.body.data?.sessionToken, response: registered.body };
  }

  async function stop() {
    await browser.close();
    await worker?.stop();
    await api.stop();
    await dropDatabase(database);
  }

  return {
    url: api.url,
    api,
    databaseUrl,
    browser,
    call,
    newOwner,
    signedInPage,
    ownerWithApp,
    registerClientUser,
    stop,
  };
}
