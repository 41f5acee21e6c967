// Selling through a store in a real browser: the owner connects a generic
// (signed webhook) store, copies its URL and one-time secret, maps a product;
// a signed purchase arrives and the order shows with its key (searchable by
// key, linked from the key's row in Licenses), a refused event shows with its
// reason, and the buyer's order page shows the key. A manager member and a
// reseller see no Store, and the API refuses them.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { PASSWORD, PHONE, startHarness, uniqueEmail } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('store');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/** Latchkey's generic scheme as docs/selling.md writes it: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
async function postSigned(connectionId, secret, event) {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const res = await fetch(`${harness.url}/store/webhooks/${connectionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'latchkey-signature': `t=${t},v1=${v1}` },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe('store', () => {
  test('connect a store, map a product, an order arrives with its key, the buyer sees it', async () => {
    const { call, url } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Shop App' });
    const { app, page, pageErrors } = owner;
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });

    // The Store section: no orders yet; connect a generic store.
    await page.goto(`${url}/apps/${app.appId}`);
    await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'Store' }).click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
    await page.getByText('No orders yet').waitFor();
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Connections' }).click();
    await page.getByText('No store connected yet').waitFor();
    await page.getByRole('button', { name: 'Connect a store' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect a store' });
    // A store that signs with its own secret needs it pasted.
    await connect.getByLabel('Name').fill('Main shop');
    await connect.getByRole('button', { name: 'Connect' }).click();
    await connect.getByText('Paste the store’s webhook signing secret').waitFor();
    await connect.getByLabel('Store').selectOption('generic');
    expect(await connect.getByLabel('Signing secret').count()).toBe(0);
    await connect.getByRole('button', { name: 'Connect' }).click();

    const created = page.getByRole('dialog', { name: 'Signed webhook connected' });
    await created.waitFor();
    const webhookUrl = await created.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
    const secret = await created.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(webhookUrl).toMatch(new RegExp(`^${url}/store/webhooks/[0-9a-f-]{36}$`));
    expect(secret.length).toBeGreaterThan(20);
    const connectionId = webhookUrl.split('/').at(-1);
    await created.getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await created.getByRole('button', { name: 'I have copied it' }).click();
    await created.waitFor({ state: 'detached' });
    const connections = page.getByRole('table', { name: 'Store connections' });
    await connections.getByRole('row', { name: /Main shop.*Signed webhook.*Enabled.*None yet/ }).waitFor();

    // Map a product on the connection's page.
    await connections.getByRole('link', { name: 'Main shop', exact: true }).click();
    await page.getByRole('heading', { name: 'Main shop', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Map a product' }).click();
    const mapping = page.getByRole('dialog', { name: 'Map a product' });
    await mapping.getByLabel('Store product ID').fill('pro-monthly');
    await mapping.getByLabel('Name').fill('Pro monthly');
    await mapping.getByLabel('Duration').selectOption('30d');
    await mapping.getByLabel('Least amount per unit (optional)').fill('9.99');
    await mapping.getByRole('button', { name: 'Map product' }).click();
    await mapping.getByText('Give the currency of the amount').waitFor();
    await mapping.getByLabel('Currency').fill('usd');
    await mapping.getByRole('button', { name: 'Map product' }).click();
    await mapping.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Product mappings' })
      .getByRole('row', { name: /Pro monthly.*pro-monthly.*30 days.*\$9\.99/ })
      .waitFor();

    // The store sends a signed purchase, and one of a product nobody mapped.
    const buyer = uniqueEmail('buyer');
    const purchase = await postSigned(connectionId, secret, {
      id: 'evt_purchase_1',
      type: 'purchase',
      orderId: 'ord_1001',
      productId: 'pro-monthly',
      quantity: 1,
      amount: 999,
      currency: 'USD',
      email: buyer,
    });
    expect(purchase.status).toBe(200);
    const [key] = purchase.body.data.keys;
    expect(key).toEqual(expect.any(String));
    const refused = await postSigned(connectionId, secret, {
      id: 'evt_purchase_2',
      type: 'purchase',
      orderId: 'ord_1002',
      productId: 'gold-yearly',
      amount: 4900,
      currency: 'USD',
    });
    expect(refused.status).toBe(422);
    // The key works through /v1.
    const used = await call('POST', '/v1', { appId: app.appId, apiKey: app.apiKey, type: 'license', licenseKey: key });
    expect(used.body.success).toBe(true);

    // The order is listed with its key, found by the key's start.
    await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'Store' }).click();
    const orders = page.getByRole('table', { name: 'Orders' });
    const orderRow = orders.getByRole('row', { name: /ord_1001/ });
    await orderRow.waitFor();
    const rowText = await orderRow.innerText();
    for (const expected of [buyer, 'Main shop', 'Pro monthly', '$9.99', key, 'Paid']) {
      expect(rowText).toContain(expected);
    }
    await page.getByLabel('Search').fill(key.slice(0, 8));
    await page.waitForURL(/search=/);
    await orders.getByRole('row', { name: /ord_1001/ }).waitFor();
    await page.getByLabel('Search').fill('nobody@example.test');
    await page.getByText('No orders match').waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status').selectOption('refunded');
    await page.getByText('No orders match').waitFor();
    await page.getByLabel('Status').selectOption('');

    // The refused event, with its reason.
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Received events' }).click();
    await page.getByLabel('Outcome').selectOption('refused');
    await page.waitForURL(/outcome=refused/);
    await page.getByRole('table', { name: 'Received events' }).getByText('Applied').waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Received events' })
      .getByRole('row', { name: /Refused.*No product mapping.*evt_purchase_2/ })
      .waitFor();
    expect(await page.getByRole('table', { name: 'Received events' }).getByRole('row').count()).toBe(2);

    // From the key's row in Licenses to its order.
    await page.goto(`${url}/apps/${app.appId}/licenses?search=${key}`);
    await page.getByRole('link', { name: `Order of ${key}` }).click();
    await page.getByRole('heading', { name: 'Order: Pro monthly', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Keys of this order' }).getByText(key).waitFor();
    await page
      .getByRole('table', { name: 'Events of this order' })
      .getByRole('row', { name: /Applied.*Purchase.*evt_purchase_1/ })
      .waitFor();

    // A fresh order page link, opened signed out: the buyer's page shows the key.
    await page.getByRole('button', { name: 'Order page link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Order page link' });
    const orderPageUrl = await linkDialog.getByRole('textbox', { name: 'Order page link' }).inputValue();
    expect(orderPageUrl).toMatch(new RegExp(`^${url}/order/`));
    const buyerContext = await harness.browser.newContext({ viewport: PHONE });
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(orderPageUrl);
    await buyerPage.getByText(key).waitFor();
    expect(await buyerPage.getByText('Pro monthly').count()).toBeGreaterThan(0);
    await buyerContext.close();

    // A connection with orders is disabled, not deleted.
    await page.goto(`${url}/apps/${app.appId}/store/connections/${connectionId}`);
    await page.getByRole('heading', { name: 'Main shop', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Main shop?' });
    await confirmDelete.getByRole('button', { name: 'Delete connection' }).click();
    await confirmDelete.getByText('This connection has orders').waitFor();
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('This connection is disabled.').waitFor();
    expect(
      (
        await postSigned(connectionId, secret, {
          id: 'evt_3',
          type: 'purchase',
          orderId: 'o3',
          productId: 'pro-monthly',
        })
      ).status,
    ).toBe(404);

    expect(pageErrors).toEqual([]);
    await owner.context.close();
  }, 180_000);

  test('a manager member and a reseller see no Store, and the API refuses them', async () => {
    const { call, url } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Guarded Shop' });
    await owner.context.close();
    const { app, token } = owner;

    const invitation = await call('POST', `/v1/admin/apps/${app.appId}/invitations`, { role: 'manager' }, token);
    expect(invitation.status).toBe(201);
    const manager = await harness.newOwner('manager');
    expect(
      (await call('POST', '/v1/admin/invitations/accept', { token: invitation.body.data.token }, manager.token)).status,
    ).toBe(200);
    const managerPage = await harness.signedInPage(manager.token);
    await managerPage.page.goto(`${url}/apps/${app.appId}/licenses`);
    const nav = managerPage.page.getByRole('navigation', { name: 'Application' });
    await nav.getByRole('link', { name: 'Licenses' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Store' }).count()).toBe(0);
    await managerPage.page.goto(`${url}/apps/${app.appId}/store/connections`);
    await managerPage.page.getByRole('heading', { name: 'Not available for your role' }).waitFor();
    expect((await call('GET', `/v1/admin/apps/${app.appId}/store/orders`, undefined, manager.token)).status).toBe(403);
    expect(managerPage.pageErrors).toEqual([]);
    await managerPage.context.close();

    const email = uniqueEmail('reseller');
    const created = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/resellers`,
      { email, password: PASSWORD, credits: 1, allowedLevels: [1] },
      token,
    );
    expect(created.status).toBe(201);
    const reseller = (await call('POST', '/v1/admin/auth/login', { email, password: PASSWORD })).body.data;
    expect(
      (await call('GET', `/v1/admin/apps/${app.appId}/store/connections`, undefined, reseller.accessToken)).status,
    ).toBe(403);
    const resellerPage = await harness.signedInPage(reseller.accessToken);
    await resellerPage.page.goto(`${url}/apps/${app.appId}/store`);
    await resellerPage.page.waitForURL(new RegExp(`/sell/${app.appId}`));
    await resellerPage.page.getByTestId('reseller-balance').waitFor();
    expect(await resellerPage.page.getByRole('heading', { name: 'Store', level: 1 }).count()).toBe(0);
    expect(await resellerPage.page.getByRole('link', { name: 'Store' }).count()).toBe(0);
    expect(resellerPage.pageErrors).toEqual([]);
    await resellerPage.context.close();
  }, 120_000);
});
