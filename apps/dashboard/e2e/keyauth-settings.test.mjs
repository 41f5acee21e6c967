// The KeyAuth page's compatibility section in a real browser against
// the real API: compatibility turned on with an ownerid and name of the
// vendor's, a subscription name added, the 1.2 secret shown on request and
// rotated after a confirmation (each read back through the API), a KeyAuth
// init answered at the 1.3 URL shown only once compatibility is on, the public
// key in hex (the app's Ed25519 key, as KeyAuth clients embed it) copied; and
// the API's 409 when another app already answers to the same ownerid + name;
// the seller API's key made, shown once, used, rotated, and its call in Logs;
// a reseller of the app never sees the section.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PASSWORD, startHarness, uniqueEmail } from './harness.mjs';

let harness;
let call;

beforeAll(async () => {
  harness = await startHarness('keyauth_settings');
  ({ call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

function keyAuthPath(app) {
  return `/v1/admin/apps/${app.appId}/keyauth`;
}

/** A KeyAuth client's first request, form-encoded to `url`: `{ status, text }`. */
async function keyAuthInit(url, ownerid, name) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'init', ownerid, name, ver: '1.0' }),
  });
  return { status: res.status, text: await res.text() };
}

async function openSection(page, app) {
  await page.goto(`${harness.url}/apps/${app.appId}/keyauth`);
  const section = page.getByRole('region', { name: 'KeyAuth compatibility' });
  const form = section.getByRole('form', { name: 'KeyAuth compatibility settings' });
  await form.waitFor();
  return { section, form };
}

describe('KeyAuth compatibility settings', () => {
  test('turns compatibility on with the vendor’s ownerid and name, shows and rotates the 1.2 secret, shows the public key in hex', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'KeyAuth App' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    const { section, form } = await openSection(page, app);

    // Off by default; the name defaults to the app's.
    expect(await form.getByLabel('Answer KeyAuth clients', { exact: true }).isChecked()).toBe(false);
    expect(await form.getByLabel('Application name (name)', { exact: true }).inputValue()).toBe('KeyAuth App');

    const before = await keyAuthInit(
      (await call('GET', keyAuthPath(app), undefined, token)).body.data.endpoints.v13,
      await form.getByLabel('Owner ID (ownerid)', { exact: true }).inputValue(),
      'KeyAuth App',
    );
    expect(before.text).toBe('KeyAuth_Invalid');

    // A bad ownerid is caught before sending.
    await form.getByLabel('Owner ID (ownerid)', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Save KeyAuth settings' }).click();
    await form.getByText('ownerId must be 10 characters of A-Z, a-z, 0-9').waitFor();

    await form.getByLabel('Answer KeyAuth clients', { exact: true }).check();
    await form.getByLabel('Owner ID (ownerid)', { exact: true }).fill('VendorOwn1');
    await form.getByLabel('Application name (name)', { exact: true }).fill('Vendor Loader');
    await form.getByRole('button', { name: 'Add subscription name' }).click();
    await form.getByLabel('Subscription name', { exact: true }).fill('premium');
    await form.getByRole('button', { name: 'Save KeyAuth settings' }).click();
    await page.getByTestId('toast-success').getByText('KeyAuth settings saved').waitFor();
    const saved = (await call('GET', keyAuthPath(app), undefined, token)).body.data;
    expect(saved).toMatchObject({
      enabled: true,
      ownerId: 'VendorOwn1',
      name: 'Vendor Loader',
      versions: ['1.3', '1.2'],
      subscriptionNames: { 1: 'premium' },
      secretSet: true,
    });

    // A KeyAuth client with that ownerid and name now gets an answer at the URL shown (before: KeyAuth_Invalid).
    const v13Url = await section.getByLabel('KeyAuth 1.3 URL', { exact: true }).inputValue();
    const init = await keyAuthInit(v13Url, 'VendorOwn1', 'Vendor Loader');
    expect(init.status).toBe(200);
    expect(JSON.parse(init.text)).toMatchObject({ success: true, message: 'Initialized' });

    // The public key in hex is the app's Ed25519 key (base64 elsewhere on the page); the URLs are the API's.
    const publicKeyHex = Buffer.from(app.publicKey, 'base64').toString('hex');
    expect(saved.publicKeyHex).toBe(publicKeyHex);
    expect(await section.getByLabel('Public key (hex)', { exact: true }).inputValue()).toBe(publicKeyHex);
    expect(await section.getByLabel('KeyAuth 1.3 URL', { exact: true }).inputValue()).toBe(saved.endpoints.v13);
    await section.getByRole('button', { name: 'Copy public key (hex)' }).click();
    await page.getByTestId('toast-success').getByText('Public key (hex) copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKeyHex);
    await section.getByText('API_PUBLIC_KEY').waitFor();

    // The secret is hidden until asked for; then it is the one the API holds.
    const firstSecret = (await call('POST', `${keyAuthPath(app)}/secret/reveal`, undefined, token)).body.data.secret;
    expect(firstSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(await section.getByLabel('1.2 secret', { exact: true }).count()).toBe(0);
    await section.getByRole('button', { name: 'Show secret' }).click();
    expect(await section.getByLabel('1.2 secret', { exact: true }).inputValue()).toBe(firstSecret);
    await section.getByRole('button', { name: 'Hide secret' }).click();
    await section.getByLabel('1.2 secret', { exact: true }).waitFor({ state: 'detached' });

    // Rotate: confirmed first; the new secret is shown and is the API's.
    await section.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the 1.2 secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    await page.getByTestId('toast-success').getByText('1.2 secret rotated').waitFor();
    const rotated = await section.getByLabel('1.2 secret', { exact: true }).inputValue();
    expect(rotated).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated).not.toBe(firstSecret);
    expect((await call('POST', `${keyAuthPath(app)}/secret/reveal`, undefined, token)).body.data.secret).toBe(rotated);

    // The secret a vendor's 1.2 clients were built with.
    const shipped = 'a1'.repeat(32);
    await section.getByRole('button', { name: 'Set existing secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set existing secret' });
    await dialog.getByLabel('Secret', { exact: true }).fill(shipped);
    await dialog.getByRole('button', { name: 'Set secret' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await section.getByLabel('1.2 secret', { exact: true }).inputValue()).toBe(shipped);
    expect((await call('POST', `${keyAuthPath(app)}/secret/reveal`, undefined, token)).body.data.secret).toBe(shipped);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('seller API: the key created and shown once, its last use after a call, rotated, and the call in Logs', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Seller Loader' });
    const settings = (await call('GET', keyAuthPath(app), undefined, token)).body.data;
    const { publicKeyHex: _key, secretSet: _secret, endpoints: _urls, ...body } = settings;
    expect((await call('PUT', keyAuthPath(app), { ...body, enabled: true }, token)).status).toBe(200);
    const { section } = await openSection(page, app);
    const details = section.getByRole('definition');
    await section.getByRole('heading', { name: 'Seller API' }).waitFor();
    expect(await section.getByLabel('Seller key', { exact: true }).count()).toBe(0);

    // Created without a confirmation (there is none to replace), shown once.
    await section.getByRole('button', { name: 'Create seller key' }).click();
    await page.getByTestId('toast-success').getByText('Seller key created').waitFor();
    const notice = section.getByRole('region', { name: 'New seller key' });
    const sellerKey = await notice.getByLabel('Seller key', { exact: true }).inputValue();
    expect(sellerKey).toMatch(/^[A-Za-z0-9]{32}$/);
    await details.getByText('Never').waitFor();

    // A Discord bot's call with it; the last use shows after a reload, and the key is not shown again.
    const endpoint = await section.getByLabel('Seller API URL', { exact: true }).inputValue();
    const answer = await fetch(`${endpoint}?sellerkey=${sellerKey}&type=add&expiry=1&format=text`);
    expect(answer.status).toBe(200);
    await page.reload();
    await section.getByRole('heading', { name: 'Seller API' }).waitFor();
    await section.getByRole('button', { name: 'Rotate seller key' }).waitFor();
    expect(await section.getByRole('region', { name: 'New seller key' }).count()).toBe(0);
    expect(await details.getByText('Never').count()).toBe(0);
    const status = (await call('GET', `${keyAuthPath(app)}/seller-key`, undefined, token)).body.data;
    expect(status.lastUsedAt).not.toBeNull();

    // Rotate: confirmed first; the old key is refused, the new one shown once.
    await section.getByRole('button', { name: 'Rotate seller key' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the seller key?' })
      .getByRole('button', { name: 'Rotate seller key' })
      .click();
    await page.getByTestId('toast-success').getByText('Seller key rotated').waitFor();
    const rotated = await section
      .getByRole('region', { name: 'New seller key' })
      .getByLabel('Seller key', { exact: true })
      .inputValue();
    expect(rotated).not.toBe(sellerKey);
    const old = await fetch(`${endpoint}?sellerkey=${sellerKey}&type=stats`);
    expect([old.status, (await old.json()).message]).toEqual([404, 'Seller Key Not Found']);
    await details.getByText('Never').waitFor();

    // Logs: the seller call under its own type, in words, by "seller API".
    await page.goto(`${harness.url}/apps/${app.appId}/logs`);
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    await page.getByLabel('Type').selectOption('seller');
    const row = page.getByRole('row', { name: /Seller API: create keys/ }).first();
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain('seller API');
    expect(rowText).not.toContain(sellerKey);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('shows the 409 when another application already uses the ownerid and name', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Second Loader' });
    const other = (await call('POST', '/v1/admin/apps', { name: 'First Loader' }, token)).body.data;
    const otherSettings = (await call('GET', keyAuthPath(other), undefined, token)).body.data;
    const { publicKeyHex: _key, secretSet: _secret, endpoints: _urls, ...body } = otherSettings;
    const taken = await call('PUT', keyAuthPath(other), { ...body, ownerId: 'SharedOwn1', name: 'Loader' }, token);
    expect(taken.status).toBe(200);
    const conflict = await call('PUT', keyAuthPath(app), { ...body, ownerId: 'SharedOwn1', name: 'Loader' }, token);
    expect(conflict.status).toBe(409);

    const { form } = await openSection(page, app);
    await form.getByLabel('Owner ID (ownerid)', { exact: true }).fill('SharedOwn1');
    await form.getByLabel('Application name (name)', { exact: true }).fill('Loader');
    await form.getByRole('button', { name: 'Save KeyAuth settings' }).click();
    await form.getByRole('alert').getByText(conflict.body.message, { exact: true }).waitFor();
    // Nothing was saved and what was typed stays for the owner to change.
    expect(await form.getByLabel('Owner ID (ownerid)', { exact: true }).inputValue()).toBe('SharedOwn1');
    expect((await call('GET', keyAuthPath(app), undefined, token)).body.data.ownerId).not.toBe('SharedOwn1');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a reseller of the app is sent to its console, and the API refuses it the settings', async () => {
    const { token, app, context } = await harness.ownerWithApp({ appName: 'Resold Loader' });
    await context.close();
    const email = uniqueEmail('reseller');
    const created = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/resellers`,
      { email, password: PASSWORD, credits: 1, allowedLevels: [1] },
      token,
    );
    expect(created.status).toBe(201);
    const reseller = (await call('POST', '/v1/admin/auth/login', { email, password: PASSWORD })).body.data;
    expect((await call('GET', keyAuthPath(app), undefined, reseller.accessToken)).status).toBe(403);

    const { context: resellerContext, page, pageErrors } = await harness.signedInPage(reseller.accessToken);
    await page.goto(`${harness.url}/apps/${app.appId}/keyauth`);
    await page.waitForURL(new RegExp(`/sell/${app.appId}`));
    await page.getByTestId('reseller-balance').waitFor();
    expect(await page.getByRole('heading', { name: 'KeyAuth compatibility' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await resellerContext.close();
  });
});
