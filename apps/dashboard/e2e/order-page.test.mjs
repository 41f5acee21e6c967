// The buyer's order page in a real browser, phone first: a signed purchase through a generic store
// connection, the console's link opened at 390x844 (no sign-in) shows the vendor's app, the product, the key
// with a working copy button and the download and renewal links; after a refund a reload shows the key
// revoked; a tampered link says it expired. The same page at 1366x768 has no overflow either.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { PHONE, startHarness } from './harness.mjs';

const WIDE = { width: 1366, height: 768 };
let harness;

beforeAll(async () => {
  harness = await startHarness('orderpage');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/** Latchkey's generic webhook signature, as docs/selling.md describes it. */
async function postSigned(connection, event) {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', connection.signingSecret).update(`${t}.${body}`).digest('hex');
  const res = await fetch(`${harness.url}/store/webhooks/${connection.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'latchkey-signature': `t=${t},v1=${v1}` },
    body,
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** Whether the page scrolls sideways: it must not, at any width. */
const overflows = (page) => page.evaluate(() => document.scrollingElement.scrollWidth > window.innerWidth);

describe('order page', () => {
  test('a buyer reads and copies the key on a phone; a refund shows it revoked', async () => {
    const { call } = harness;
    const owner = await harness.ownerWithApp({ appName: 'Rocket Tools' });
    const { app } = owner;
    const base = `/v1/admin/apps/${app.appId}`;
    expect(
      (
        await call(
          'PATCH',
          base,
          { updateUrl: 'https://rocket.example.com/download', rateLimitPerMinute: 0 },
          owner.token,
        )
      ).status,
    ).toBe(200);
    const connection = (
      await call('POST', `${base}/store/connections`, { provider: 'generic', name: 'Checkout' }, owner.token)
    ).body.data;
    const mapped = await call(
      'POST',
      `${base}/store/connections/${connection.id}/products`,
      { externalId: 'pro', name: 'Rocket Pro', durationType: '30d', renewalUrl: 'https://rocket.example.com/buy' },
      owner.token,
    );
    expect(mapped.status).toBe(201);
    const externalId = `ord_${randomBytes(16).toString('hex')}`;
    const answer = await postSigned(connection, {
      id: `evt_${randomUUID()}`,
      type: 'purchase',
      orderId: externalId,
      productId: 'pro',
    });
    const [key] = answer.data.keys;
    const orders = await call('GET', `${base}/store/orders`, undefined, owner.token);
    const orderId = orders.body.data[0].id;
    const link = await call('POST', `${base}/store/orders/${orderId}/link`, undefined, owner.token);
    expect(link.status).toBe(200);
    const url = link.body.data.url;

    const buyer = await harness.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await buyer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    const page = await buyer.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Rocket Tools', level: 1 }).waitFor();
    await page.getByText('Rocket Pro', { exact: true }).waitFor();
    expect(await page.getByTestId('order-keys').innerText()).toContain(key);
    expect(await page.getByRole('link', { name: 'Download Rocket Tools' }).getAttribute('href')).toBe(
      'https://rocket.example.com/download',
    );
    expect(await page.getByRole('link', { name: 'Buy again' }).getAttribute('href')).toBe(
      'https://rocket.example.com/buy',
    );
    await page.getByRole('button', { name: `Copy key ${key}` }).click();
    await page.getByText('Key copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await overflows(page)).toBe(false);
    if (process.env.ORDER_PAGE_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.ORDER_PAGE_SCREENSHOTS}/order-phone.png`, fullPage: true });

    const wide = await harness.browser.newPage({ viewport: WIDE });
    await wide.goto(url);
    await wide.getByRole('heading', { name: 'Rocket Tools', level: 1 }).waitFor();
    expect(await overflows(wide)).toBe(false);
    if (process.env.ORDER_PAGE_SCREENSHOTS)
      await wide.screenshot({ path: `${process.env.ORDER_PAGE_SCREENSHOTS}/order-wide.png` });
    await wide.close();

    await postSigned(connection, {
      id: `evt_${randomUUID()}`,
      type: 'refund',
      orderId: externalId,
      reason: 'requested',
    });
    await page.reload();
    await page.getByText('Refunded', { exact: true }).waitFor();
    await page.getByText('its keys are revoked').waitFor();
    expect(await page.getByRole('button', { name: `Copy key ${key}` }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Download Rocket Tools' }).count()).toBe(0);
    if (process.env.ORDER_PAGE_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.ORDER_PAGE_SCREENSHOTS}/order-refunded.png`, fullPage: true });

    const token = url.split('/').pop();
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    await page.goto(`${harness.url}/order/${tampered}`);
    await page.getByRole('heading', { name: 'Link expired' }).waitFor();
    expect(pageErrors).toEqual([]);
    await buyer.close();
  });
});
