// The Overview and Settings pages in a real browser. Overview: a new app's
// empty state, then the counts and today's activation and login after a
// registration and a login through POST /v1 (read from the chart's data table,
// not the pixels), also on a phone in dark mode. Settings: fields saved (only
// what changed), a value caught before sending, the API's refusals shown,
// the API key rotated (the old one refused, the new one works), the public
// key and key ID to copy, the app deleted after typing its name; the
// server's warning (autovacuum off on the local PostgreSQL) shown to the owner.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClientMessage, HEALTH_WARNINGS } from '@latchkey/contracts';
import { PHONE, startHarness } from './harness.mjs';

let harness;
let call;

beforeAll(async () => {
  harness = await startHarness('overview_settings');
  ({ call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/** Waits until the figure (a group named `label`) shows `value`. */
async function expectFigure(page, label, testId, value) {
  await page
    .getByRole('group', { name: label, exact: true })
    .getByTestId(testId)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();
}

/** Activations and logins in today's row of the chart's data table. */
async function todayCounts(page) {
  const today = page.getByRole('table', { name: 'Activity per day' }).getByRole('row', { name: /\(today\)/ });
  return (await today.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

function init(app, apiKey) {
  return call('POST', '/v1', { appId: app.appId, apiKey, type: 'init' });
}

describe('overview page', () => {
  test('a new app shows the empty state; a registration and a login show in the counts and the chart data', async () => {
    const owner = await harness.ownerWithApp({ appName: 'Overview App' });
    const { app, context, page, pageErrors } = owner;
    await page.goto(`${harness.url}/apps/${app.appId}`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText('No activity yet').waitFor();
    await expectFigure(page, 'Users', 'stat-users', 0);
    await expectFigure(page, 'Active sessions', 'stat-active-sessions', 0);
    await expectFigure(page, 'Licenses', 'stat-licenses', 0);

    await harness.registerClientUser(owner, app, { username: 'alice' });
    await page.reload();
    await expectFigure(page, 'Users', 'stat-users', 1);
    await expectFigure(page, 'Active sessions', 'stat-active-sessions', 1);
    await expectFigure(page, 'Licenses', 'stat-licenses', 1);
    await expectFigure(page, 'Used', 'stat-used-keys', 1);
    await expectFigure(page, 'Unused', 'stat-unused-keys', 0);
    await page.getByText('No activity yet').waitFor({ state: 'detached' });
    expect(await todayCounts(page)).toEqual(['1', '0']);
    await page.getByText('Today: 1 activation, 0 logins').waitFor();

    // `register` is an activation, not a login; a `login` is one (its session
    // replaces the first: one device per key by default).
    const login = await call('POST', '/v1', {
      appId: app.appId,
      apiKey: app.apiKey,
      type: 'login',
      username: 'alice',
      password: 'secret123',
    });
    expect(login.status).toBe(200);
    await page.reload();
    await page.getByText('Today: 1 activation, 1 login').waitFor();
    expect(await todayCounts(page)).toEqual(['1', '1']);
    await expectFigure(page, 'Active sessions', 'stat-active-sessions', 1);

    // The data table can be shown to everyone, not only to assistive technology.
    await page.getByRole('button', { name: 'Show as table' }).click();
    await page.getByRole('button', { name: 'Hide table' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();

    // A phone in dark mode: the same figures, and nothing wider than the screen.
    const phone = await harness.signedInPage(owner.token, { viewport: PHONE, colorScheme: 'dark' });
    await phone.page.goto(`${harness.url}/apps/${app.appId}`);
    await expectFigure(phone.page, 'Users', 'stat-users', 1);
    await phone.page.getByText('Today: 1 activation, 1 login').waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });
});

describe('settings page', () => {
  test('saves settings, shows refusals, rotates the API key and deletes the app', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Settings App' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    const patches = [];
    const notFound = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(`${response.request().method()} ${response.url()}`);
    });
    const getApp = async (appId = app.appId) => call('GET', `/v1/admin/apps/${appId}`, undefined, token);

    await page.goto(`${harness.url}/apps/${app.appId}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The local PostgreSQL runs with autovacuum off: /health warns, and the owner sees it.
    expect((await call('GET', '/health')).body.warnings.map((warning) => warning.code)).toEqual(['AUTOVACUUM_OFF']);
    await page.getByRole('region', { name: 'Server warnings' }).getByText(HEALTH_WARNINGS.AUTOVACUUM_OFF).waitFor();
    const form = page.getByRole('form', { name: 'Application settings' });
    expect(await form.getByLabel('Session lifetime (seconds)').inputValue()).toBe('86400');

    // Out of the contract's range: refused under the field in the API's words, nothing sent.
    await form.getByLabel('Idle timeout (seconds)').fill('30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('sessionIdleSeconds must be between 60 and 31536000').waitFor();
    expect(await form.getByLabel('Idle timeout (seconds)').getAttribute('aria-invalid')).toBe('true');
    expect(patches).toHaveLength(0);
    await form.getByRole('button', { name: 'Discard changes' }).click();
    expect(await form.getByLabel('Idle timeout (seconds)').inputValue()).toBe('1800');

    // A URL the browser's URL parser accepts but the API does not (no underscore in a host name): the form runs
    // the API's own rule, so its message shows under the field and nothing is sent.
    const badUrl = 'http://download_server.example/app';
    const refusedUrl = await call('PATCH', `/v1/admin/apps/${app.appId}`, { updateUrl: badUrl }, token);
    expect(refusedUrl.status).toBe(400);
    await form.getByLabel('Update URL').fill(badUrl);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText(refusedUrl.body.errors[0], { exact: true }).waitFor();
    expect(await form.getByLabel('Update URL').getAttribute('aria-invalid')).toBe('true');
    expect(patches).toHaveLength(0);

    // Name, session lifetime, HWID lock and a good URL: saved, read back from the API, the header follows.
    await form.getByLabel('Update URL').fill('https://example.com/download');
    await form.getByLabel('Name', { exact: true }).fill('Renamed App');
    await form.getByLabel('Session lifetime (seconds)').fill('3600');
    await form.getByText('Now: 1 hour.').waitFor();
    await form.getByLabel('HWID lock').uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('toast-success').getByText('Settings saved').waitFor();
    await page.getByTestId('app-name').getByText('Renamed App').waitFor();
    expect((await getApp()).body.data).toMatchObject({
      name: 'Renamed App',
      sessionTtlSeconds: 3600,
      sessionIdleSeconds: 1800,
      updateUrl: 'https://example.com/download',
      hwidLock: false,
      enabled: true,
    });

    // The API's own refusal of a valid form: the app was deleted elsewhere while its settings were open.
    const doomed = (await call('POST', '/v1/admin/apps', { name: 'Doomed App' }, token)).body.data;
    await page.goto(`${harness.url}/apps/${doomed.appId}/settings`);
    await form.getByLabel('Version').fill('2.0.0');
    expect((await call('DELETE', `/v1/admin/apps/${doomed.appId}`, undefined, token)).status).toBe(200);
    const gone = await call('PATCH', `/v1/admin/apps/${doomed.appId}`, { version: '2.0.0' }, token);
    expect(gone.status).toBe(404);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('alert').getByText(gone.body.message, { exact: true }).waitFor();

    // Public key and key ID, read-only, for signature and offline ticket checks.
    await page.goto(`${harness.url}/apps/${app.appId}/settings`);
    notFound.length = 0;
    expect(await page.getByLabel('Public key', { exact: true }).inputValue()).toBe(app.publicKey);
    expect(await page.getByLabel('Key ID', { exact: true }).inputValue()).toBe(app.keyId);
    await page.getByRole('button', { name: 'Copy key ID' }).click();
    await page.getByTestId('toast-success').getByText('Key ID copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(app.keyId);

    // Rotate the API key: confirmed, the new key shown once; the old one is refused by /v1.
    expect((await init(app, app.apiKey)).status).toBe(200);
    await page.getByRole('button', { name: 'Rotate API key' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the API key?' })
      .getByRole('button', { name: 'Rotate key' })
      .click();
    const keyDialog = page.getByRole('dialog', { name: 'New API key' });
    const newKey = await keyDialog.getByLabel('API key', { exact: true }).inputValue();
    expect(newKey).not.toBe(app.apiKey);
    await keyDialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByTestId('toast-success').getByText('API key copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newKey);
    await keyDialog.getByRole('button', { name: 'I have copied it' }).click();
    await keyDialog.waitFor({ state: 'detached' });
    const old = await init(app, app.apiKey);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(ClientMessage.invalidCredentials);
    const fresh = await init(app, newKey);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ name: 'Renamed App' });

    // Delete: only once the name is typed exactly; then the list, without it.
    await page.getByRole('button', { name: 'Delete application' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Renamed App?' });
    const confirmButton = confirm.getByRole('button', { name: 'Delete application' });
    await confirm.getByLabel('Application name').fill('Renamed');
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Application name').fill('Renamed App');
    await confirmButton.click();
    await page.waitForURL(`${harness.url}/apps`);
    await page.getByTestId('toast-success').getByText('Renamed App deleted').waitFor();
    await page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
    await page.getByText('No applications yet').waitFor();
    // The deleted app's pages were left before its cache was dropped: nothing asked for it again.
    expect(notFound).toEqual([]);
    expect((await getApp()).status).toBe(404);
    expect((await init(app, newKey)).status).toBe(401);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
