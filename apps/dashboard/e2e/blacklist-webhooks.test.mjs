// The Blacklist and Webhooks pages in a real browser. Blacklist: add an IP
// range (a bad value refused with the API's message), see a client from it
// refused, remove it. Webhooks: create one to a local receiver (a bad URL
// refused first), see the secret once, send a test and watch the delivery
// succeed in the delivery log, disable and enable it, delete it.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer } from 'node:http';
import { startHarness } from './harness.mjs';

let harness;
let receiver;
const received = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  harness = await startHarness('blacklist_webhooks', { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, { worker: true });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

describe('blacklist page', () => {
  test('adds an IP range that refuses clients, with the API message for a bad value, and removes it', async () => {
    const { call } = harness;
    const { app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Blacklist App' });
    const init = () => call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, type: 'init' });
    await page.goto(`${harness.url}/apps/${app.appId}/blacklist`);
    await page.getByRole('heading', { name: 'Blacklist', level: 1 }).waitFor();
    await page.getByText('Nothing blacklisted').waitFor();

    await page.getByRole('button', { name: 'Add entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to blacklist' });
    await dialog.getByLabel('Value').fill('300.1.2.3');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.locator('.field-error').first().waitFor();
    expect(await dialog.locator('.field-error').first().innerText()).toMatch(/^value must be/);

    await dialog.getByLabel('Value').fill('127.0.0.0/8');
    await dialog.getByLabel('Reason').fill('Abuse from loopback');
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await page.getByTestId('toast-success').getByText('127.0.0.0/8 blacklisted').waitFor();
    const row = page.getByRole('row', { name: /127\.0\.0\.0\/8/ });
    expect(await row.innerText()).toContain('Abuse from loopback');
    expect((await init()).status).toBe(403);

    await page.getByRole('button', { name: 'Actions for 127.0.0.0/8' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove entry' }).click();
    await page.getByText('Nothing blacklisted').waitFor();
    expect((await init()).status).toBe(200);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('webhooks page', () => {
  test('creates a webhook, shows its secret once, delivers a test, disables, enables and deletes it', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Webhooks App' });
    const hookUrl = `http://127.0.0.1:${receiver.address().port}/hooks/latchkey`;
    await page.goto(`${harness.url}/apps/${app.appId}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet').waitFor();

    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await dialog.getByText('events must name at least one event').waitFor();
    await dialog.getByLabel('URL').fill('ftp://example.com/hook');
    await dialog.getByLabel('user.register').check();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await dialog.getByText('url must be an http or https URL').waitFor();
    await dialog.getByLabel('URL').fill(hookUrl);
    await dialog.getByLabel('license.activate').check();
    await dialog.getByRole('button', { name: 'Create webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row', { name: new RegExp(hookUrl.replaceAll('.', '\\.')) });
    await row.waitFor();
    expect(await row.innerText()).toContain('user.register, license.activate');
    const listed = (await call('GET', `/v1/admin/apps/${app.appId}/webhooks`, undefined, token)).body.data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret);

    // A test event, delivered by the worker: the log shows it succeeded.
    await page.getByRole('link', { name: hookUrl }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    await page.getByText('No deliveries yet').waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('toast-success').getByText('Test event queued').waitFor();
    const delivery = page.getByRole('row', { name: /test/ });
    await delivery.getByText('succeeded').waitFor();
    expect(await delivery.innerText()).toContain('HTTP 204');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body).event).toBe('test');
    expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);

    // Disable, enable, delete from the list.
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.getByRole('button', { name: `Actions for ${hookUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByTestId('toast-success').getByText('Webhook disabled').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${hookUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Enable' }).click();
    await page.getByTestId('toast-success').getByText('Webhook enabled').waitFor();
    await row.getByText('Enabled', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${hookUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('No webhooks yet').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
