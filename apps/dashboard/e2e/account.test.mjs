// The account page in a real browser: signed-in devices, personal access
// tokens with an expiry, and a password change that revokes them (issues 8 and 23),
// rate limited (issue 23).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { launchBrowser } from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DATABASE = 'latchkey_dashboard_e2e_account';
const DASHBOARD_DIST = path.resolve(process.env.DASHBOARD_DIR || path.join(repoRoot, 'apps/dashboard/dist'));
const PASSWORD = 'correct horse battery';
/** Attempts per window at sign-in and at password change on the rate-limited API. */
const RATE_LIMIT = 2;

let api;
/** Another process on the same database, trusting X-Forwarded-For and with a low admin rate limit. */
let limitedApi;
let browser;

async function post(urlPath, body, headers = {}, target = api) {
  const res = await fetch(`${target.url}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function me(token) {
  return (await fetch(`${api.url}/v1/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

beforeAll(async () => {
  const databaseUrl = await freshDatabase(DATABASE);
  api = await startApi(testEnv(databaseUrl, { DASHBOARD_DIR: DASHBOARD_DIST }));
  limitedApi = await startApi(
    testEnv(databaseUrl, {
      DASHBOARD_DIR: DASHBOARD_DIST,
      TRUST_PROXY: 'true',
      ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    }),
  );
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.stop(), limitedApi?.stop()]);
  if (api) await dropDatabase(DATABASE);
}, 60_000);

/** An address of its own for each test (TEST-NET: never routed, only a header here), so counts start at zero. */
function clientIp() {
  return `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe('account page', () => {
  test('signed-in devices, tokens with an expiry, and a password change', async () => {
    const email = `account-${randomUUID().slice(0, 8)}@example.test`;
    expect((await post('/v1/admin/auth/signup', { email, password: PASSWORD })).status).toBe(201);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
    const other = await post('/v1/admin/auth/login', { email, password: PASSWORD }, { 'user-agent': firefox });
    const otherToken = other.body.data.accessToken;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${api.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await page.getByTestId('signed-in-email').click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');

    // Signed-in devices: this one marked, the other one signed out from here.
    const devices = page.getByRole('table', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    // Devices are named as people name them (not raw User-Agent headers), and each button says which it signs out.
    const otherRow = devices.getByRole('row').filter({ hasText: 'Firefox 121 on Linux' });
    expect(await devices.innerText()).not.toContain('Mozilla/5.0');
    await otherRow.getByRole('button', { name: /^Sign out Firefox 121 on Linux from / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out device' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Device signed out' }).waitFor();
    await otherRow.waitFor({ state: 'detached' });
    expect(await me(otherToken)).toBe(401);

    // A token with an expiry: shown once, works, listed with its expiry, revoked.
    await page.getByLabel('Expires in days').fill('0');
    await page.getByLabel('Token name').fill('ci deploys');
    await page.getByRole('button', { name: 'Create token' }).click();
    // Refused in the API's words: the form checks with the contracts' request shape.
    await page.getByText('expiresInDays must be between 1 and 3650').waitFor();
    await page.getByLabel('Expires in days').fill('30');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('heading', { name: 'Token ci deploys' }).waitFor();
    const token = await page.getByRole('textbox', { name: 'Personal access token', exact: true }).inputValue();
    expect(token).toMatch(/^lkp_/);
    expect(await me(token)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const tokenRow = page
      .getByRole('table', { name: 'Personal access tokens' })
      .getByRole('row')
      .filter({ hasText: 'ci deploys' });
    const expires = await tokenRow.locator('time').last().getAttribute('datetime');
    expect(Math.abs(Date.parse(expires) - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(10 * 60 * 1000);
    await tokenRow.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    // The toast follows the API's answer; the row alone can vanish for a moment while the list refetches.
    await page.getByTestId('toast-success').getByText('Token ci deploys revoked').waitFor();
    await tokenRow.waitFor({ state: 'detached' });
    expect(await me(token)).toBe(401);

    // Password: the API's message for a wrong current password, and the user stays signed in;
    // the change revokes the personal access tokens, and the list says so.
    await page.getByLabel('Token name').fill('nightly');
    await page.getByRole('button', { name: 'Create token' }).click();
    const nightly = await page.getByRole('textbox', { name: 'Personal access token', exact: true }).inputValue();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Password changed' }).waitFor();
    await page.getByText('No personal access tokens yet.').waitFor();
    expect(await me(nightly)).toBe(401);
    expect((await post('/v1/admin/auth/login', { email, password: 'a brand new password' })).status).toBe(200);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a rate-limited password change says when to try again, and the user stays signed in', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.test`;
    const signup = await post(
      '/v1/admin/auth/signup',
      { email, password: PASSWORD },
      { 'x-forwarded-for': clientIp() },
    );
    expect(signup.status).toBe(201);

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${limitedApi.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await page.goto(`${limitedApi.url}/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();

    const attempt = async (currentPassword) => {
      await page.getByLabel('Current password').fill(currentPassword);
      await page.getByLabel('New password').fill('a brand new password');
      const answered = page.waitForResponse((res) => res.url().endsWith('/v1/admin/auth/password'));
      await page.getByRole('button', { name: 'Change password' }).click();
      return (await answered).status();
    };
    for (let n = 0; n < RATE_LIMIT; n++) expect(await attempt('not my password')).toBe(401);
    expect(await attempt(PASSWORD)).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: 'Too many requests' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
    // Still signed in, on the account page, with what was typed kept.
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.getByLabel('Current password').inputValue()).toBe(PASSWORD);
    await page.getByRole('table', { name: 'Signed-in devices' }).getByText('This device').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
