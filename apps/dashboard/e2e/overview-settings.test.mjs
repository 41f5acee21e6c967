// The Overview and Settings pages in a real browser. Overview: a new app's
// empty state, then the counts and today's activation after a registration
// through POST /v1 (read from the chart's table for screen readers).
// Settings: save fields (a bad value caught before sending, one the API
// refuses shown with its message), rotate the API key (the old one refused,
// the new one works), delete the app after typing its name.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClientMessage } from '@latchkey/contracts';
import { startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('overview_settings');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

describe('overview page', () => {
  test('shows the empty state, then counts and the day of an activation', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Overview App' });
    await page.goto(`${harness.url}/apps/${app.appId}`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText('No activity yet').waitFor();
    expect(await page.getByTestId('stat-users').innerText()).toBe('0');

    await harness.registerClientUser({ token }, app, { username: 'first_user' });
    await page.reload();
    await page.getByTestId('stat-users').getByText('1', { exact: true }).waitFor();
    expect(await page.getByTestId('stat-active-sessions').innerText()).toBe('1');
    expect(await page.getByTestId('stat-used-keys').innerText()).toBe('1');
    await page.getByText('No activity yet').waitFor({ state: 'detached' });
    const today = page.getByRole('table', { name: 'Activity per day' }).getByRole('row', { name: todayUtc() });
    // The chart (and its table) load after the counts: wait for the row, then read it.
    await today.waitFor({ state: 'attached' });
    expect((await today.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['1', '0']);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('settings page', () => {
  test('saves settings, shows API refusals, rotates the key and deletes the app', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Settings App' });
    await page.goto(`${harness.url}/apps/${app.appId}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Application settings' });

    // Caught before sending, then refused by the API (its own URL rule), then saved.
    await form.getByLabel('Session lifetime (seconds)').fill('30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('sessionTtlSeconds must be an integer between 60 and 31536000').waitFor();
    await form.getByLabel('Session lifetime (seconds)').fill('7200');
    await form.getByLabel('Update URL').fill('https://bad host/download');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('updateUrl must be an http or https URL').waitFor();
    await form.getByLabel('Update URL').fill('https://example.com/download');
    await form.getByLabel('Name').fill('Renamed App');
    await form.getByLabel('HWID lock').check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('toast-success').getByText('Settings saved').waitFor();
    await page.getByTestId('app-name').getByText('Renamed App').waitFor();
    const saved = (await call('GET', `/v1/admin/apps/${app.appId}`, undefined, token)).body.data;
    expect(saved).toMatchObject({
      name: 'Renamed App',
      sessionTtlSeconds: 7200,
      updateUrl: 'https://example.com/download',
      hwidLock: true,
    });

    // Rotate: the old key is refused, the new one shown once works.
    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New API key' });
    const newKey = await keyDialog.getByLabel('API key').inputValue();
    await keyDialog.getByRole('button', { name: 'I have copied it' }).click();
    const old = await call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, type: 'init' });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(ClientMessage.invalidCredentials);
    expect((await call('POST', '/v1', { appId: app.appId, apiKey: newKey, type: 'init' })).status).toBe(200);

    // Delete after typing the name: back on the applications list, without it.
    await page.getByRole('button', { name: 'Delete application' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('button', { name: 'Delete application' }).isDisabled()).toBe(true);
    await confirm.getByLabel('Application name').fill('Renamed App');
    await confirm.getByRole('button', { name: 'Delete application' }).click();
    await page.waitForURL(/\/apps$/);
    await page.getByTestId('toast-success').getByText('Renamed App deleted').waitFor();
    expect((await call('GET', `/v1/admin/apps/${app.appId}`, undefined, token)).status).toBe(404);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
