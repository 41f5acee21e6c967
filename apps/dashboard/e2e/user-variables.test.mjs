// A user's own variables on the user's page in a real browser: what the
// user's software stored shows up; the owner adds one (a key the user holds
// or the contract refuses is caught before sending), edits and deletes one,
// and the user's session reads each change through POST /v1.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ClientMessage, UserVariableMessage } from '@latchkey/contracts';
import { startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('user_variables');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe("a user's variables", () => {
  test('are shown on its page, added, edited and deleted there', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'User Vars App' });
    const { sessionToken } = await harness.registerClientUser({ token }, app, { username: 'carol' });
    const client = (fields) => call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, sessionToken, ...fields });
    expect((await client({ type: 'setuservar', key: 'theme', value: 'dark' })).status).toBe(200);
    const userId = (await call('GET', `/v1/admin/apps/${app.appId}/users?search=carol`, undefined, token)).body.data[0]
      .userId;

    await page.goto(`${harness.url}/apps/${app.appId}/users/${userId}`);
    await page.getByRole('heading', { name: 'carol', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Variables', level: 2 }).waitFor();
    const table = page.getByRole('table', { name: 'User variables' });
    expect(await table.getByRole('row', { name: /theme/ }).innerText()).toContain('dark');
    await page.getByText('1 of 50').waitFor();

    // Add: a key the user holds, then one the contract refuses, are caught under the field.
    await page.getByRole('button', { name: 'Add variable' }).click();
    const add = page.getByRole('dialog', { name: 'New user variable' });
    await add.getByLabel('Key').fill('theme');
    await add.getByLabel('Value').fill('x');
    await add.getByRole('button', { name: 'Add variable' }).click();
    await add.getByText('The user has a variable with this key: edit that one instead').waitFor();
    await add.getByLabel('Key').fill('bad key');
    await add.getByRole('button', { name: 'Add variable' }).click();
    await add.getByText(UserVariableMessage.key).waitFor();
    await add.getByLabel('Key').fill('save.slot');
    await add.getByLabel('Value').fill('level 7');
    await add.getByRole('button', { name: 'Add variable' }).click();
    await page.getByTestId('toast-success').getByText('Variable save.slot added').waitFor();
    await table.getByRole('row', { name: /save\.slot/ }).waitFor();
    expect((await client({ type: 'uservar', key: 'save.slot' })).body.data).toEqual({
      key: 'save.slot',
      value: 'level 7',
    });

    // Edit from the row menu.
    await page.getByRole('button', { name: 'Actions for theme' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit theme' });
    await edit.getByLabel('Value').fill('light');
    await edit.getByRole('button', { name: 'Save' }).click();
    await table.getByRole('row', { name: /light/ }).waitFor();
    expect((await client({ type: 'uservar', key: 'theme' })).body.data.value).toBe('light');

    // Delete after confirming.
    await page.getByRole('button', { name: 'Actions for save.slot' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete variable' }).click();
    await page.getByText('1 of 50').waitFor();
    expect(await table.getByRole('row', { name: /save\.slot/ }).count()).toBe(0);
    const gone = await client({ type: 'uservar', key: 'save.slot' });
    expect([gone.status, gone.body.message]).toEqual([404, ClientMessage.variableNotFound]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
