// The owner's side of the customer portal in a real browser (issue 43): a
// file offered on the customer page, a key's customer email, ban reasons the
// customer sees (and the private one they do not), and the count of HWID
// resets a customer made, on the owner's pages at a laptop's size; then the
// customer, on a phone, sees the public reason and the offered file.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PHONE, startHarness } from './harness.mjs';

const LAPTOP = { width: 1366, height: 768 };

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('portal_owner');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

async function upload(appId, token, name) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([Buffer.from('MZ installer bytes')]), name);
  const res = await fetch(`${api.url}/v1/admin/apps/${appId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()).data;
}

async function noSideScroll(page, width) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('customer page, owner side', () => {
  test('offer a file, set a customer email, ban with a public reason, see self-resets', async () => {
    const { token, app, page, pageErrors } = await harness.ownerWithApp({ appName: 'Owner Side', viewport: LAPTOP });
    const portal = await call(
      'PATCH',
      `/v1/admin/apps/${app.appId}/portal`,
      { enabled: true, hwidResetMode: 'limited', hwidResetsPerPeriod: 3, hwidResetCooldownHours: 0 },
      token,
    );
    const { publicId } = portal.body.data;
    const file = await upload(app.appId, token, 'setup.exe');
    const generated = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { durationType: '30d', count: 1 },
      token,
    );
    const licenseKey = generated.body.data[0].key;

    // Files: offered on the customer page, shown in the list.
    await page.goto(`${api.url}/apps/${app.appId}/files`);
    await page.getByRole('button', { name: 'Actions for setup.exe' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editFile = page.getByRole('dialog', { name: 'Edit setup.exe' });
    await editFile.getByLabel('Offered on the customer page').check();
    await editFile.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast-success').getByText('File setup.exe saved').waitFor();
    await page
      .getByRole('row', { name: /setup\.exe/ })
      .getByText('Customer page')
      .waitFor();
    const files = await call('GET', `/v1/admin/apps/${app.appId}/files`, undefined, token);
    expect(files.body.data.find((f) => f.fileId === file.fileId).portalOffered).toBe(true);
    await noSideScroll(page, LAPTOP.width);

    // Licenses: the customer's email, refused in the API's words until it is one.
    await page.goto(`${api.url}/apps/${app.appId}/licenses`);
    await page.getByRole('button', { name: `Actions for ${licenseKey}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${licenseKey}` });
    await edit.getByLabel('Customer email').fill('not an email');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.locator('.field-error').first().waitFor();
    await edit.getByLabel('Customer email').fill('Buyer@Example.com');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${licenseKey} saved`).waitFor();
    let license = (await call('GET', `/v1/admin/apps/${app.appId}/licenses?search=${licenseKey}`, undefined, token))
      .body.data[0];
    expect(license.customerEmail).toBe('buyer@example.com');

    // Ban the key with a private and a public reason.
    await page.getByRole('button', { name: `Actions for ${licenseKey}` }).click();
    await page.getByRole('menuitem', { name: 'Ban' }).click();
    const ban = page.getByRole('dialog', { name: `Ban ${licenseKey}?` });
    await ban.getByLabel('Reason').fill('Chargeback on order 881');
    await ban.getByLabel('Shown to the customer').fill('Payment was reversed');
    await ban.getByRole('button', { name: 'Ban key' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${licenseKey} banned`).waitFor();
    license = (await call('GET', `/v1/admin/apps/${app.appId}/licenses?search=${licenseKey}`, undefined, token)).body
      .data[0];
    expect(license).toMatchObject({ banReason: 'Chargeback on order 881', banPublicReason: 'Payment was reversed' });

    // A user who reset their HWID twice on the customer page; the owner sees the count, and bans them.
    const { licenseKey: userKey } = await harness.registerClientUser({ token }, app, {
      username: 'carol_reset',
      hwid: 'CAROL-PC-1',
    });
    const signIn = await call('POST', `/v1/portal/${publicId}/sign-in`, { method: 'key', key: userKey });
    const me = await fetch(`${api.url}/v1/portal/${publicId}/me`, {
      headers: { authorization: `Bearer ${signIn.body.data.token}` },
    }).then((res) => res.json());
    const userId = me.data.users[0].userId;
    for (let i = 0; i < 2; i += 1) {
      const reset = await fetch(`${api.url}/v1/portal/${publicId}/users/${userId}/reset-hwid`, {
        method: 'POST',
        headers: { authorization: `Bearer ${signIn.body.data.token}` },
      });
      expect(reset.status).toBe(200);
    }
    // On a phone, the customer sees the offered file while their user is in good standing.
    const context = await harness.browser.newContext({ viewport: PHONE });
    const customer = await context.newPage();
    await customer.goto(`${api.url}/portal/${publicId}`);
    await customer.getByLabel('License key').fill(userKey);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await customer.getByRole('button', { name: 'Download setup.exe' }).waitFor();
    await customer.getByRole('button', { name: 'Sign out' }).click();

    await page.goto(`${api.url}/apps/${app.appId}/users/${userId}`);
    expect(await page.getByTestId('user-self-resets').innerText()).toBe('2');
    await page
      .getByRole('group', { name: 'Actions for carol_reset' })
      .getByRole('button', { name: 'Ban', exact: true })
      .click();
    const banUser = page.getByRole('dialog', { name: 'Ban carol_reset?' });
    await banUser.getByLabel('Reason').fill('Resold the key');
    await banUser.getByLabel('Shown to the customer').fill('Reselling is not allowed');
    await banUser.getByRole('button', { name: 'Ban user' }).click();
    await page.getByTestId('toast-success').getByText('carol_reset banned').waitFor();
    expect(await page.getByTestId('user-public-reason').innerText()).toContain('Reselling is not allowed');
    await noSideScroll(page, LAPTOP.width);

    // The same pages at phone width keep to the screen.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('user-self-resets').waitFor();
    await noSideScroll(page, PHONE.width);
    await page.goto(`${api.url}/apps/${app.appId}/files`);
    await page
      .getByRole('row', { name: /setup\.exe/ })
      .getByText('Customer page')
      .waitFor();
    await noSideScroll(page, PHONE.width);

    // The customer sees the public reasons, never the private ones.
    await customer.getByLabel('License key').fill(licenseKey);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await customer.getByText('Payment was reversed').waitFor();
    expect(await customer.content()).not.toContain('Chargeback');
    await customer.getByRole('button', { name: 'Sign out' }).click();
    await customer.getByLabel('License key').fill(userKey);
    await customer.getByRole('button', { name: 'Sign in' }).click();
    await customer.getByText('Reselling is not allowed').waitFor();
    expect(await customer.content()).not.toContain('Resold the key');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
