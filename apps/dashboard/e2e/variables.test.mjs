// The Variables page in a real browser: create (with the API's message on a
// bad key), edit the value and minimum level, delete after confirming; the
// page number lives in the URL.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startHarness } from './harness.mjs';

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('variables');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('variables page', () => {
  test('creates, edits and deletes a variable; a bad key shows the API message', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Variables App' });
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
