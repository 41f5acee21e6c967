// The Files page in a real browser against the real service: an owner uploads
// a file with a visible progress bar and min level 2, sees it listed, and a
// level-2 user downloads it through `POST /v1` (the client endpoint) from the test.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { startHarness } from './harness.mjs';

const SCREENSHOT = process.env.DASHBOARD_FILES_SCREENSHOT || '/tmp/dashboard-files.png';
const USER_PASSWORD = 'hunter22';
/** Large enough that the upload, throttled below, takes a few seconds: the progress bar is on screen. */
const FILE_BYTES = 6 * 1024 * 1024;
/** Upload throughput the browser is held to (bytes per second). */
const UPLOAD_THROUGHPUT = 2 * 1024 * 1024;

let harness;

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
  const created = await harness.call(
    'POST',
    `/v1/admin/apps/${app.appId}/users`,
    { username, password: USER_PASSWORD, level },
    owner.token,
  );
  expect(created.status).toBe(201);
  const login = await harness.call('POST', '/v1', {
    type: 'login',
    appId: app.appId,
    apiKey: app.apiKey,
    username,
    password: USER_PASSWORD,
  });
  expect(login.status).toBe(200);
  return login.body.data.sessionToken;
}

beforeAll(async () => {
  harness = await startHarness('files');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('files page', () => {
  test('uploads with a progress bar and min level 2; listed; a level-2 user downloads it', async () => {
    const { app, context, page, pageErrors, ...owner } = await harness.ownerWithApp({
      appName: 'File App',
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${harness.url}/apps/${app.appId}/files`);
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
    const list = await harness.call('GET', `/v1/admin/apps/${app.appId}/files`, undefined, owner.token);
    const file = list.body.data[0];
    expect(file).toMatchObject({ name: 'Loader 2.0', minLevel: 2, size: FILE_BYTES });
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(file.sha256).toBe(sha256);

    const low = await userSession(owner, app, 1);
    const refused = await harness.call('POST', '/v1', {
      type: 'file',
      appId: app.appId,
      apiKey: app.apiKey,
      sessionToken: low,
      fileId: file.fileId,
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Insufficient level' } });

    const levelTwo = await userSession(owner, app, 2);
    const offered = await harness.call('POST', '/v1', {
      type: 'file',
      appId: app.appId,
      apiKey: app.apiKey,
      sessionToken: levelTwo,
      fileId: file.fileId,
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
