// A new owner's whole first session in the browser, as issue 10 lists it:
// sign up, create an app, open it, generate five keys with a prefix, ban one
// and find it under BANNED, register a user with another key through POST /v1
// and find it by search, reset its HWID and extend it by 30 days, add a
// variable, blacklist an IP, add a webhook to a local receiver and see its
// test delivered, see the overview count the activation, rotate the API key,
// create and revoke a personal access token, delete the app. Then the same
// app pages on a phone: a deep link reloads in place and the navigation
// scrolls the current page into view.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer } from 'node:http';
import { PASSWORD, PHONE, startHarness, uniqueEmail } from './harness.mjs';

let harness;
let receiver;
let delivered = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  harness = await startHarness('walkthrough', { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, { worker: true });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

async function rowAction(page, rowLabel, action) {
  await page.getByRole('button', { name: `Actions for ${rowLabel}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** An action of the record a page is about: its buttons, not a menu. */
async function pageAction(page, recordLabel, action) {
  await page
    .getByRole('group', { name: `Actions for ${recordLabel}` })
    .getByRole('button', { name: action, exact: true })
    .click();
}

async function toast(page, text) {
  await page.getByTestId('toast-success').getByText(text).first().waitFor();
}

describe('owner walkthrough', () => {
  test('from sign-up to deleting the app, every step in the browser', async () => {
    const { call, url } = harness;
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    // Sign up and create an app.
    await page.goto(`${url}/sign-up`);
    await page.getByLabel('Email').fill(uniqueEmail('walkthrough'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('Walkthrough App');
    await page.getByRole('button', { name: 'Create application' }).click();
    const apiKey = await page.getByLabel('API key', { exact: true }).inputValue();
    const token = await page.evaluate(() => sessionStorage.getItem('latchkey.accessToken'));

    // Open it.
    await page
      .getByRole('row', { name: /Walkthrough App/ })
      .getByRole('link', { name: 'Walkthrough App' })
      .click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const appId = new URL(page.url()).pathname.split('/')[2];
    const client = { appId, apiKey };

    // Five keys with a prefix, in the table.
    await page.getByRole('link', { name: 'Licenses', exact: true }).click();
    await page.getByRole('button', { name: 'Generate keys' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate keys' });
    await generate.getByLabel('Count').fill('5');
    await generate.getByLabel('Prefix').fill('WALK');
    await generate.getByRole('button', { name: 'Generate' }).click();
    const keys = (await page.getByLabel('Generated keys').inputValue()).split('\n');
    expect(keys).toHaveLength(5);
    await page.getByRole('button', { name: 'Done' }).click();
    for (const key of keys) await page.getByRole('row', { name: new RegExp(key) }).waitFor();

    // Ban one with a reason, find it under BANNED.
    await rowAction(page, keys[0], 'Ban');
    await page.getByRole('dialog').getByLabel('Reason').fill('Leaked');
    await page.getByRole('button', { name: 'Ban key' }).click();
    await toast(page, `Key ${keys[0]} banned`);
    await page.getByLabel('Status').selectOption('BANNED');
    await page.getByRole('row', { name: new RegExp(keys[1]) }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row', { name: new RegExp(keys[0]) }).innerText()).toContain('Leaked');

    // A user registers with another key through /v1; find it by search.
    const registered = await call('POST', '/v1', {
      ...client,
      type: 'register',
      username: 'walker_1',
      password: 'secret123',
      licenseKey: keys[1],
      hwid: 'HWID-WALKER',
    });
    expect(registered.status).toBe(200);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    // The licenses page has a search box too and stays up while the users page's code loads.
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByLabel('Search').fill('walker');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('link', { name: 'walker_1' }).click();
    await page.getByRole('heading', { name: 'walker_1', level: 1 }).waitFor();
    const expiresBefore = (await call('GET', `/v1/admin/apps/${appId}/users?search=walker`, undefined, token)).body
      .data[0].expiresAt;

    // Reset its HWID and extend it by 30 days.
    await pageAction(page, 'walker_1', 'Reset HWID');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset HWID' }).click();
    await page.getByTestId('user-hwid').getByText('None bound').waitFor();
    await pageAction(page, 'walker_1', 'Extend');
    await page.getByRole('dialog').getByLabel('Days').fill('30');
    await page.getByRole('dialog').getByRole('button', { name: 'Extend' }).click();
    await toast(page, 'walker_1 extended by 30 days');
    const after = (await call('GET', `/v1/admin/apps/${appId}/users?search=walker`, undefined, token)).body.data[0];
    expect(after.hwid).toBeNull();
    expect(Date.parse(after.expiresAt) - Date.parse(expiresBefore)).toBe(30 * 24 * 3600 * 1000);

    // A variable.
    await page.getByRole('link', { name: 'Variables', exact: true }).click();
    await page.getByRole('button', { name: 'New variable' }).click();
    await page.getByRole('dialog').getByLabel('Key').fill('motd');
    await page.getByRole('dialog').getByLabel('Value').fill('Hello, walker');
    await page.getByRole('button', { name: 'Create variable' }).click();
    await toast(page, 'Variable motd created');

    // An IP blacklist entry.
    await page.getByRole('link', { name: 'Blacklist', exact: true }).click();
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByRole('dialog').getByLabel('Value').fill('198.51.100.7');
    await page.getByRole('dialog').getByRole('button', { name: 'Add entry' }).click();
    await toast(page, '198.51.100.7 blacklisted');

    // A webhook to the local receiver; its test delivery succeeds in the log.
    const hookUrl = `http://127.0.0.1:${receiver.address().port}/walkthrough`;
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'New webhook' }).click();
    await page.getByRole('dialog').getByLabel('URL').fill(hookUrl);
    await page.getByRole('dialog').getByLabel('user.login').check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('link', { name: hookUrl }).click();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('row', { name: /test/ }).getByText('succeeded').waitFor();
    expect(delivered).toBe(1);

    // The overview counts the activation.
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByTestId('stat-users').getByText('1', { exact: true }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page.getByRole('table', { name: 'Activity per day' }).getByRole('row', { name: today });
    expect((await todayRow.getByRole('cell').first().innerText()).trim()).toBe('1');

    // Rotate the API key.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
    const newKey = await page.getByRole('dialog', { name: 'New API key' }).getByLabel('API key').inputValue();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect((await call('POST', '/v1', { ...client, type: 'init' })).status).toBe(401);
    expect((await call('POST', '/v1', { appId, apiKey: newKey, type: 'init' })).status).toBe(200);

    // A personal access token, created and revoked.
    await page.getByTestId('signed-in-email').click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByLabel('Token name').fill('walkthrough ci');
    await page.getByRole('button', { name: 'Create token' }).click();
    const pat = await page.getByRole('textbox', { name: 'Personal access token', exact: true }).inputValue();
    expect((await call('GET', '/v1/admin/me', undefined, pat)).status).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const patRow = page
      .getByRole('table', { name: 'Personal access tokens' })
      .getByRole('row')
      .filter({ hasText: 'walkthrough ci' });
    await patRow.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await toast(page, 'Token walkthrough ci revoked');
    expect((await call('GET', '/v1/admin/me', undefined, pat)).status).toBe(401);

    // Delete the app.
    await page.goto(`${url}/apps/${appId}/settings`);
    await page.getByRole('button', { name: 'Delete application' }).click();
    await page.getByRole('alertdialog').getByLabel('Application name').fill('Walkthrough App');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete application' }).click();
    await page.waitForURL(/\/apps$/);
    await page.getByText('No applications yet').waitFor();
    expect((await call('GET', `/v1/admin/apps/${appId}`, undefined, token)).status).toBe(404);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('on a phone: a deep link reloads in place and the navigation shows the current page', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({
      appName: 'Phone App',
      viewport: PHONE,
    });
    await harness.registerClientUser({ token }, app, { username: 'phone_user' });
    const deepLink = `${harness.url}/apps/${app.appId}/logs?type=client.register`;
    await page.goto(deepLink);
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    expect(page.url()).toBe(deepLink);
    await page.getByRole('row', { name: /Registration/ }).waitFor();

    // The current page's link, far along the scrolling row, is scrolled into view.
    const nav = page.getByRole('navigation', { name: 'Application' });
    const current = nav.getByRole('link', { name: 'Logs' });
    await page.waitForFunction(() => {
      const navBox = document.querySelector('.app-nav').getBoundingClientRect();
      const link = document.querySelector('.app-nav [data-status="active"]').getBoundingClientRect();
      return link.left >= navBox.left && link.right <= navBox.right;
    });
    expect(await current.getAttribute('data-status')).toBe('active');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
