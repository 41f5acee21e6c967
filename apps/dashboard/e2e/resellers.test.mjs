// Resellers in a real browser: an owner creates a reseller with 5 credits,
// level 1 only and keys for up to 3 devices; the reseller signs in, lands on
// its console, is told its device limit and refused above it, generates 3 keys
// (balance 2), deletes an unused one (refunded: 3) and is offered no other
// level; an owner page it opens sends it back to its console. The owner then
// finds those keys under the reseller's filter, reads the ledger, adds
// credits with a note and raises the device limit on the reseller's page.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PASSWORD, startHarness, uniqueEmail } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('resellers');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('resellers', () => {
  test('owner creates a reseller; the reseller sells keys for credits; the owner sees them and the ledger', async () => {
    const { call } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Resold App' });
    const { app, page: ownerPage } = owner;
    const resellerEmail = uniqueEmail('reseller');

    // Owner: create the reseller through the Resellers page.
    await ownerPage.goto(`${harness.url}/apps/${app.appId}/resellers`);
    await ownerPage.getByRole('heading', { name: 'Resellers', level: 1 }).waitFor();
    await ownerPage.getByText('No resellers yet').waitFor();
    await ownerPage.getByRole('button', { name: 'New reseller' }).click();
    const create = ownerPage.getByRole('dialog', { name: 'New reseller' });
    await create.getByLabel('Email').fill(resellerEmail);
    await create.getByLabel('Password').fill(PASSWORD);
    await create.getByLabel('Opening credits').fill('5');
    await create.getByLabel('Allowed levels').fill('1');
    await create.getByLabel('Max devices per key').fill('3');
    await create.getByRole('button', { name: 'Create reseller' }).click();
    await ownerPage.getByTestId('toast-success').getByText(`Reseller ${resellerEmail} created`).waitFor();
    const row = ownerPage.getByRole('row', { name: new RegExp(resellerEmail) });
    expect(await row.innerText()).toContain('5');
    expect(await row.getByRole('cell').allInnerTexts()).toContain('3');

    // Reseller: signs in and lands on its console with the balance in view.
    const context = await harness.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${harness.url}/sign-in`);
    await page.getByLabel('Email').fill(resellerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/sell/${app.appId}`));
    await page.getByTestId('reseller-balance').getByText('5', { exact: true }).waitFor();
    await page.getByText('up to 3 devices per key').waitFor();

    // Generate 3 keys: only level 1 is offered, and the cost shows before confirming.
    await page.getByRole('button', { name: 'Generate keys' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate keys' });
    expect(await generate.getByLabel('Level').locator('option').allInnerTexts()).toEqual(['1']);
    await generate.getByText('Up to 3: your limit.').waitFor();
    await generate.getByLabel('Max devices').fill('4');
    await generate.getByRole('button', { name: 'Generate' }).click();
    await generate.getByText('maxDevices must be an integer between 1 and 3').waitFor();
    await generate.getByLabel('Max devices').fill('3');
    await generate.getByLabel('Count').fill('3');
    await generate.getByText('Costs 3 credits; you have 5.').waitFor();
    await generate.getByRole('button', { name: 'Generate' }).click();
    const keys = (await page.getByLabel('Generated keys').inputValue()).split('\n');
    expect(keys).toHaveLength(3);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('reseller-balance').getByText('2', { exact: true }).waitFor();
    for (const key of keys) await page.getByRole('row', { name: new RegExp(key) }).waitFor();

    // Delete an unused key: the credit comes back.
    await page.getByRole('button', { name: `Actions for ${keys[0]}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete key' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${keys[0]} deleted, 1 credit refunded`).waitFor();
    await page.getByTestId('reseller-balance').getByText('3', { exact: true }).waitFor();
    const ledger = page.getByRole('table', { name: 'Credit ledger' });
    await ledger.getByRole('row', { name: /refund/ }).waitFor();

    // An owner page sends the reseller back to its console.
    await page.goto(`${harness.url}/apps/${app.appId}/users`);
    await page.waitForURL(new RegExp(`/sell/${app.appId}`));
    await page.getByTestId('reseller-balance').waitFor();
    expect(await page.getByRole('heading', { name: 'Users', level: 1 }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();

    // Owner: the reseller's keys under its filter, and its ledger.
    await ownerPage.goto(`${harness.url}/apps/${app.appId}/licenses`);
    await ownerPage.getByLabel('Created by').selectOption({ label: resellerEmail });
    await ownerPage.waitForURL(/[?&]createdBy=/);
    await ownerPage.getByRole('row', { name: new RegExp(keys[1]) }).waitFor();
    expect(await ownerPage.getByTestId('table-total').innerText()).toBe('2');
    expect(await ownerPage.getByRole('row', { name: new RegExp(keys[1]) }).innerText()).toContain(resellerEmail);

    await ownerPage.goto(`${harness.url}/apps/${app.appId}/resellers`);
    await ownerPage.getByRole('link', { name: resellerEmail }).click();
    const ownerLedger = ownerPage.getByRole('table', { name: 'Credit ledger' });
    for (const reason of ['grant', 'generate', 'refund']) {
      await ownerLedger
        .getByRole('row', { name: new RegExp(reason) })
        .first()
        .waitFor();
    }

    // Credits: below zero is refused with the API's message; a grant with a note shows in the ledger.
    await ownerPage.getByRole('button', { name: 'Adjust credits' }).click();
    const adjust = ownerPage.getByRole('dialog', { name: `Credits of ${resellerEmail}` });
    await adjust.getByLabel('Amount').fill('-10');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await adjust.getByText('Credit balance cannot go below zero').waitFor();
    await adjust.getByLabel('Amount').fill('7');
    await adjust.getByLabel('Note').fill('Invoice 42');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await ownerPage.getByTestId('toast-success').getByText(`${resellerEmail} now has 10 credits`).waitFor();
    await ownerLedger.getByRole('row', { name: /Invoice 42/ }).waitFor();
    const record = (await call('GET', `/v1/admin/apps/${app.appId}/resellers`, undefined, owner.token)).body.data[0];
    expect(record).toMatchObject({ credits: 10, keysGenerated: 2, maxDevicesLimit: 3 });
    const sold = (await call('GET', `/v1/admin/apps/${app.appId}/licenses`, undefined, owner.token)).body.data;
    expect(sold.map((license) => license.maxDevices)).toEqual([3, 3]);

    // Edit on the reseller's page: a higher device limit, shown at once and applied by the API.
    await ownerPage.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = ownerPage.getByRole('dialog', { name: `Edit ${resellerEmail}` });
    expect(await edit.getByLabel('Max devices per key').inputValue()).toBe('3');
    expect(await edit.getByLabel('Allowed levels').inputValue()).toBe('1');
    await edit.getByLabel('Max devices per key').fill('1001');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('maxDevicesLimit must be blank (any) or an integer from 1 to 1000').waitFor();
    await edit.getByLabel('Max devices per key').fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await ownerPage.getByTestId('toast-success').getByText(`${resellerEmail} updated`).waitFor();
    await ownerPage.getByText('devices per key up to 5').waitFor();
    const edited = (await call('GET', `/v1/admin/apps/${app.appId}/resellers`, undefined, owner.token)).body.data[0];
    expect(edited).toMatchObject({ maxDevicesLimit: 5, allowedLevels: [1], enabled: true });

    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  });
});
