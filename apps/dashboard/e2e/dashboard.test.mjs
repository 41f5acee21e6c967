// The dashboard in a real browser against the real service: the built API
// (apps/api/dist/bundle/main.js, or LATCHKEY_API_DIST's) serving the built dashboard
// (apps/dashboard/dist, or DASHBOARD_DIR) at `/`, with its own scratch database
// (DASHBOARD_E2E_DATABASE to pick another name).
//
// Prerequisites: `pnpm build` (contracts, api, dashboard), PostgreSQL and Redis
// as for the API e2e suite, and Debian's Chromium at /usr/bin/chromium.
// DASHBOARD_E2E_URL=http://... runs against an already running service instead.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { AdminMessage } from '@latchkey/contracts';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { launchBrowser } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DATABASE = process.env.DASHBOARD_E2E_DATABASE || 'latchkey_dashboard_e2e';
const API_DIST = path.resolve(process.env.LATCHKEY_API_DIST || path.join(repoRoot, 'apps/api/dist'));
const DASHBOARD_DIST = path.resolve(process.env.DASHBOARD_DIR || path.join(repoRoot, 'apps/dashboard/dist'));
const SCREENSHOT = process.env.DASHBOARD_SCREENSHOT || '/tmp/dashboard.png';
const PASSWORD = 'correct horse battery';

let api;
let baseUrl;
let browser;

function uniqueEmail(label) {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A fresh browser context and page; page errors fail the test that owns them. */
async function openPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

async function signUpThroughApi(email) {
  const res = await fetch(`${baseUrl}/v1/admin/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
}

async function fillSignIn(page, email, password) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectApplicationsPage(page, email) {
  await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
  await page.getByTestId('signed-in-email').getByText(email, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/apps');
}

/**
 * Fails early, with a clear message, when `/` is not the built dashboard or its
 * scripts are not served (for example, the dashboard was rebuilt after the API
 * started, so the API has the old asset names).
 */
async function expectDashboardServed(url) {
  const res = await fetch(`${url}/`);
  const html = await res.text();
  if (res.status !== 200 || !html.includes('<div id="root">')) {
    throw new Error(`GET / did not return the dashboard (HTTP ${res.status}); is apps/dashboard/dist built?`);
  }
  for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    const assetRes = await fetch(`${url}${asset}`);
    if (assetRes.status !== 200) throw new Error(`GET ${asset} answered ${assetRes.status}`);
  }
}

beforeAll(async () => {
  if (process.env.DASHBOARD_E2E_URL) {
    baseUrl = process.env.DASHBOARD_E2E_URL.replace(/\/$/, '');
  } else {
    for (const built of [path.join(API_DIST, 'bundle/main.js'), path.join(DASHBOARD_DIST, 'index.html')]) {
      if (!existsSync(built)) {
        throw new Error(`${built} is missing: run \`pnpm build\` at the repository root first`);
      }
    }
    const databaseUrl = await freshDatabase(DATABASE);
    api = await startApi(testEnv(databaseUrl, { DASHBOARD_DIR: DASHBOARD_DIST }));
    baseUrl = api.url;
  }
  await expectDashboardServed(baseUrl);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (api) await dropDatabase(DATABASE);
}, 60_000);

describe('dashboard', () => {
  test('signs up, creates an app, keeps it over a reload, signs out and back in', async () => {
    const { context, page, pageErrors } = await openPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const email = uniqueEmail('owner');

    // Signed out, `/` lands on sign-in; from there to the sign-up form.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expectApplicationsPage(page, email);
    await page.getByText('No applications yet').waitFor();

    // Create an app: its API key is shown once, with a working copy button.
    await page.getByLabel('Name').fill('Acme Desktop');
    await page.getByLabel('Version').fill('2.1.0');
    await page.getByRole('button', { name: 'Create application' }).click();

    await page.getByRole('heading', { name: 'API key for Acme Desktop' }).waitFor();
    const apiKey = await page.getByLabel('API key', { exact: true }).inputValue();
    expect(apiKey.length).toBeGreaterThan(16);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('API key copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    const row = page.getByRole('row', { name: /Acme Desktop/ });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('2.1.0');
    expect(rowText).toContain('Enabled');
    // The API key is never part of the list.
    expect(rowText).not.toContain(apiKey);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // After a reload the app is listed (from the API) and the key is gone for good.
    await page.reload();
    await expectApplicationsPage(page, email);
    await page.getByRole('row', { name: /Acme Desktop/ }).waitFor();
    expect(await page.getByLabel('API key', { exact: true }).count()).toBe(0);

    // Sign out: back to sign-in, the token forgotten and revoked.
    const token = await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'))).toBeNull();
    const afterLogout = await fetch(`${baseUrl}/v1/admin/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(afterLogout.status).toBe(401);

    // The dashboard is closed to a signed-out visitor.
    await page.goto(`${baseUrl}/apps`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // Sign in again: the same account and its app.
    await fillSignIn(page, email, PASSWORD);
    await expectApplicationsPage(page, email);
    await page.getByRole('row', { name: /Acme Desktop/ }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('shows the API message when the password is wrong', async () => {
    const { context, page, pageErrors } = await openPage();
    const email = uniqueEmail('wrong-password');
    await signUpThroughApi(email);

    await page.goto(`${baseUrl}/sign-in`);
    await fillSignIn(page, email, 'not the password');
    const alert = page.getByRole('alert');
    await alert.getByText(AdminMessage.invalidLogin).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('shows the API message when the email is already registered', async () => {
    const { context, page, pageErrors } = await openPage();
    const email = uniqueEmail('taken');
    await signUpThroughApi(email);

    await page.goto(`${baseUrl}/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').getByText(AdminMessage.emailTaken).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a rejected token sends the user back to sign-in', async () => {
    const { context, page, pageErrors } = await openPage();
    await page.goto(`${baseUrl}/sign-in`);
    await page.evaluate(() => sessionStorage.setItem('latchkey.accessToken', 'not-a-real-token'));

    // The reloaded app finds the token, goes to the dashboard, and its first
    // admin call gets 401.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Your session has ended').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'))).toBeNull();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
