// The customer portal in a real browser at phone width (issue 43): the owner
// turns it on and sets the HWID reset policy on the Settings page; a customer
// opens the page, signs in with their key, sees the expiry counted down,
// resets their HWID (then the software logs in from a new machine) and
// downloads a file through a single-use link.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { PHONE, startHarness } from './harness.mjs';

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('portal');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

async function upload(appId, token, content, name) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${api.url}/v1/admin/apps/${appId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()).data;
}

describe('customer portal', () => {
  test('owner turns it on; a customer signs in with a key, sees the expiry, resets the HWID and downloads a file', async () => {
    const { token, app, page: ownerPage, pageErrors } = await harness.ownerWithApp({ appName: 'Portal App' });
    await ownerPage.goto(`${api.url}/apps/${app.appId}/settings`);
    const card = ownerPage.getByRole('region', { name: 'Customer page' });
    await card.getByLabel('Customers can open the page').check();
    await card.getByLabel('Device lock (HWID) reset by the customer').selectOption('limited');
    await card.getByLabel('Wait between resets (hours)').fill('0');
    await card.getByRole('button', { name: 'Save customer page' }).click();
    await ownerPage.getByTestId('toast-success').getByText('Customer page settings saved').waitFor();
    const portalUrl = await card.getByRole('textbox', { name: 'Address' }).inputValue();
    expect(portalUrl).toMatch(/\/portal\/[A-Za-z0-9_-]{22}$/);

    const content = randomBytes(2048);
    const file = await upload(app.appId, token, content, 'setup.exe');
    await call('PATCH', `/v1/admin/apps/${app.appId}/files/${file.fileId}`, { portalOffered: true }, token);
    const generated = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { durationType: '30d', count: 1 },
      token,
    );
    const licenseKey = generated.body.data[0].key;
    const client = (fields) => call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, ...fields });
    expect((await client({ type: 'license', licenseKey, hwid: 'OLD-PC-1234567890' })).status).toBe(200);
    expect((await client({ type: 'license', licenseKey, hwid: 'NEW-PC-0987654321' })).status).toBe(403);

    const context = await harness.browser.newContext({ viewport: PHONE, acceptDownloads: true });
    const page = await context.newPage();
    const customerErrors = [];
    page.on('pageerror', (err) => customerErrors.push(err));
    await page.goto(portalUrl);
    await page.getByRole('heading', { name: 'Portal App', level: 1 }).waitFor();
    await page.getByLabel('License key').fill('WRONG-KEY');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Sign-in failed: check what you entered').waitFor();
    await page.getByLabel('License key').fill(licenseKey);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText(licenseKey).waitFor();
    expect(await page.getByTestId('expiry').innerText()).toMatch(/^Expires in (29|30) days$/);
    await page.getByText('OLD-PC…567890').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Reset my device lock' }).click();
    await page.getByText('Done: your software can now sign in from your new machine.').waitFor();
    const fresh = await client({ type: 'license', licenseKey, hwid: 'NEW-PC-0987654321' });
    expect(fresh.status).toBe(200);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download setup.exe' }).click(),
    ]);
    const saved = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(saved);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(content).digest('hex'));

    const logs = await call('GET', `/v1/admin/apps/${app.appId}/logs?type=portal.hwid-reset`, undefined, token);
    expect(logs.body.data).toHaveLength(1);
    expect(customerErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
