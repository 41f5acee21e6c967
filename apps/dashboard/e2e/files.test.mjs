// The Files page in a real browser against the real service: an owner uploads
// a file with a visible progress bar and min level 2, sees it listed, and a
// level-2 user downloads it through `POST /v1` (the client endpoint) from the test.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';
import { launchBrowser } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DATABASE = process.env.DASHBOARD_E2E_DATABASE || 'latchkey_dashboard_files_e2e';
const API_DIST = path.resolve(process.env.LATCHKEY_API_DIST || path.join(repoRoot, 'apps/api/dist'));
const DASHBOARD_DIST = path.resolve(process.env.DASHBOARD_DIR || path.join(repoRoot, 'apps/dashboard/dist'));
const SCREENSHOT = process.env.DASHBOARD_FILES_SCREENSHOT || '/tmp/dashboard-files.png';
const PASSWORD = 'correct horse battery';
const USER_PASSWORD = 'hunter22';
/** Large enough that the upload, throttled below, takes a few seconds: the progress bar is on screen. */
const FILE_BYTES = 6 * 1024 * 1024;
/** Upload throughput the browser is held to (bytes per second). */
const UPLOAD_THROUGHPUT = 2 * 1024 * 1024;

let api;
let baseUrl;
let browser;

async function json(method, pathName, { token, body } = {}) {
  const res = await fetch(baseUrl + pathName, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Reads until `check` holds (or 20 s pass, then returns the last value for the assertion to show). */
async function eventually(read, check, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** A user of `level` signed in through the client endpoint; returns its session token. */
async function userSession(owner, app, level) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const created = await json('POST', `/v1/admin/apps/${app.appId}/users`, {
    token: owner.token,
    body: { username, password: USER_PASSWORD, level },
  });
  expect(created.status).toBe(201);
  const login = await json('POST', '/v1', {
    body: { type: 'login', appId: app.appId, apiKey: app.apiKey, username, password: USER_PASSWORD },
  });
  expect(login.status).toBe(200);
  return login.body.data.sessionToken;
}

beforeAll(async () => {
  for (const built of [path.join(API_DIST, 'main.js'), path.join(DASHBOARD_DIST, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` at the repository root first`);
  }
  const databaseUrl = await freshDatabase(DATABASE);
  api = await startApi(testEnv(databaseUrl, { DASHBOARD_DIR: DASHBOARD_DIST }));
  baseUrl = api.url;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (api) await dropDatabase(DATABASE);
}, 60_000);

describe('files page', () => {
  test('uploads with a progress bar and min level 2; listed; a level-2 user downloads it', async () => {
    const signup = await json('POST', '/v1/admin/auth/signup', {
      body: { email: `files-${randomUUID().slice(0, 8)}@example.test`, password: PASSWORD },
    });
    const owner = { token: signup.body.data.accessToken };
    const app = (await json('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'File App' } })).body.data;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${baseUrl}/sign-in`);
    await page.evaluate((token) => sessionStorage.setItem('latchkey.accessToken', token), owner.token);
    await page.goto(`${baseUrl}/apps/${app.appId}/files`);
    await page.getByRole('heading', { name: 'Files', exact: true }).waitFor();
    await page.getByText('No files yet').waitFor();

    // A slow uplink, so the upload takes long enough to watch.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: UPLOAD_THROUGHPUT,
    });

    const content = randomBytes(FILE_BYTES);
    await page.getByRole('button', { name: 'Upload file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });
    await dialog.getByLabel('File', { exact: true }).setInputFiles({
      name: 'loader.bin',
      mimeType: 'application/octet-stream',
      buffer: content,
    });
    await dialog.getByLabel('Name').fill('Loader 2.0');
    await dialog.getByLabel('Minimum level').fill('2');
    await dialog.getByRole('button', { name: 'Upload' }).click();

    // The progress bar shows while the bytes go up, and moves.
    const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    expect(
      await eventually(
        async () => Number(await progress.getAttribute('value')),
        (v) => v > 0,
      ),
    ).toBeGreaterThan(0);

    await page
      .getByTestId('toast-success')
      .filter({ hasText: 'File Loader 2.0 uploaded' })
      .waitFor({ timeout: 30_000 });
    const row = page.getByRole('row', { name: /Loader 2\.0/ });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['Loader 2.0', '6.0 MiB', '2', '0']));
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // What the owner listed is what client software gets: a level-2 session downloads it through /v1.
    const list = await json('GET', `/v1/admin/apps/${app.appId}/files`, { token: owner.token });
    const file = list.body.data[0];
    expect(file).toMatchObject({ name: 'Loader 2.0', minLevel: 2, size: FILE_BYTES });
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(file.sha256).toBe(sha256);

    const low = await userSession(owner, app, 1);
    const refused = await json('POST', '/v1', {
      body: { type: 'file', appId: app.appId, apiKey: app.apiKey, sessionToken: low, fileId: file.fileId },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Insufficient level' } });

    const levelTwo = await userSession(owner, app, 2);
    const offered = await json('POST', '/v1', {
      body: { type: 'file', appId: app.appId, apiKey: app.apiKey, sessionToken: levelTwo, fileId: file.fileId },
    });
    expect(offered.status).toBe(200);
    expect(offered.body.message).toBe('Download ready');
    const download = await fetch(offered.body.data.url);
    expect(download.status).toBe(200);
    const body = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(sha256);

    // The completed download is counted on the page.
    await page.reload();
    const downloads = async () =>
      (
        await page
          .getByRole('row', { name: /Loader 2\.0/ })
          .getByRole('cell')
          .allInnerTexts()
      ).at(3);
    expect(await eventually(downloads, (text) => text === '1')).toBe('1');

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
