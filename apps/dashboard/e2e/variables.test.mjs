// The Variables page in a real browser: create (with the API's message on a
// bad key), edit the value and minimum level, delete after confirming; the
// page number lives in the URL.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { launchBrowser } from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DATABASE = process.env.DASHBOARD_E2E_DATABASE || 'latchkey_dashboard_e2e_variables';
const DASHBOARD_DIST = path.resolve(process.env.DASHBOARD_DIR || path.join(repoRoot, 'apps/dashboard/dist'));

let api;
let browser;

async function call(method, urlPath, body, token) {
  const res = await fetch(`${api.url}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A new owner with one app, and a browser page signed in as that owner. */
async function ownerWithApp() {
  const email = `vars-${randomUUID().slice(0, 8)}@example.test`;
  const signup = await call('POST', '/v1/admin/auth/signup', { email, password: 'correct horse battery' });
  expect(signup.status).toBe(201);
  const token = signup.body.data.accessToken;
  const app = (await call('POST', '/v1/admin/apps', { name: 'Variables App' }, token)).body.data;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${api.url}/sign-in`);
  await page.evaluate((value) => sessionStorage.setItem('latchkey.accessToken', value), token);
  return { token, app, context, page, pageErrors };
}

beforeAll(async () => {
  api = await startApi(testEnv(await freshDatabase(DATABASE), { DASHBOARD_DIR: DASHBOARD_DIST }));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (api) await dropDatabase(DATABASE);
}, 60_000);

describe('variables page', () => {
  test('creates, edits and deletes a variable; a bad key shows the API message', async () => {
    const { token, app, context, page, pageErrors } = await ownerWithApp();
    await page.goto(`${api.url}/apps/${app.appId}/variables`);
    await page.getByRole('heading', { name: 'Variables', level: 1 }).waitFor();
    await page.getByText('No variables yet').waitFor();

    await page.getByRole('button', { name: 'New variable' }).click();
    const dialog = page.getByRole('dialog', { name: 'New variable' });
    await dialog.getByLabel('Key').fill('motd');
    await dialog.getByLabel('Value').fill('Welcome back!\nSecond line');
    await dialog.getByLabel('Minimum level').fill('2');
    await dialog.getByRole('button', { name: 'Create variable' }).click();
    await page.getByTestId('toast-success').getByText('Variable motd created').waitFor();
    const row = page.getByRole('row', { name: /motd/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Welcome back!');

    // The same key again: 409 from the API, shown in the dialog.
    await page.getByRole('button', { name: 'New variable' }).click();
    await dialog.getByLabel('Key').fill('motd');
    await dialog.getByLabel('Value').fill('x');
    await dialog.getByRole('button', { name: 'Create variable' }).click();
    const conflict = await call('POST', `/v1/admin/apps/${app.appId}/variables`, { key: 'motd', value: 'x' }, token);
    expect(conflict.status).toBe(409);
    await dialog.getByRole('alert').getByText(conflict.body.message).waitFor();
    // A key the contract refuses is caught before sending, under its field.
    await dialog.getByLabel('Key').fill('bad key');
    await dialog.getByRole('button', { name: 'Create variable' }).click();
    await dialog.getByText('key must be 1-64 characters').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit value and level from the row menu.
    await page.getByRole('button', { name: 'Actions for motd' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit motd' });
    await edit.getByLabel('Value').fill('Changed value');
    await edit.getByLabel('Minimum level').fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Changed value/ }).waitFor();
    const stored = await call('GET', `/v1/admin/apps/${app.appId}/variables/motd`, undefined, token);
    expect(stored.body.data).toMatchObject({ value: 'Changed value', minLevel: 5 });

    // A reload keeps the page (deep link), then delete after confirming.
    await page.reload();
    await page.getByRole('row', { name: /Changed value/ }).waitFor();
    await page.getByRole('button', { name: 'Actions for motd' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete variable' }).click();
    await page.getByText('No variables yet').waitFor();
    expect((await call('GET', `/v1/admin/apps/${app.appId}/variables/motd`, undefined, token)).status).toBe(404);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('deep links get the dashboard; API paths, docs and missing files keep their answers', async () => {
    for (const deepLink of ['/apps', '/apps/some-app/variables?page=2', '/account']) {
      const res = await fetch(`${api.url}${deepLink}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    for (const notAPage of ['/v1/admin/nothing-here', '/v1', '/assets/missing.js', '/favicon.ico']) {
      const res = await fetch(`${api.url}${notAPage}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect((await res.json()).success).toBe(false);
    }
    expect((await fetch(`${api.url}/health`)).status).toBe(200);
    expect((await fetch(`${api.url}/docs/openapi.json`)).status).toBe(200);
  });
});
