// How the wide tables sit on a 1,366 px laptop screen and on a phone, filled
// with the longest things an owner can put in them (a 16-character key
// prefix, long notes and reasons, a long username, HWID and reseller email):
// at 1366x768 each table fits its box with its first and last columns in
// view, the page never scrolls sideways, and notes and reasons wrap between
// words, not inside one. On a phone the table may scroll inside its box, but
// the page does not and the key column is in view.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PHONE, startHarness } from './harness.mjs';

const LAPTOP = { width: 1366, height: 768 };
const PREFIX = 'ABCDEFGHIJKLMNOP';
const NOTE =
  'Enterprise bundle for Northwind Traders renewed through procurement; contact the account manager before changing anything about these seats';
const REASON =
  'Shared publicly on a cracking forum together with a keygen, confirmed independently by several activation reports from unrelated countries';
const USERNAME = 'a_rather_long_username_for_tests';
const RESELLER_EMAIL = 'reseller.with.a.rather.long.address@northwind-traders.example';

let harness;
let owner;
let app;
let keys;
let webhookId;

beforeAll(async () => {
  harness = await startHarness('layout');
  const { call } = harness;
  owner = await harness.newOwner();
  app = (await call('POST', '/v1/admin/apps', { name: 'Layout App' }, owner.token)).body.data;
  const admin = `/v1/admin/apps/${app.appId}`;
  const generated = await call(
    'POST',
    `${admin}/licenses`,
    { count: 3, durationType: '30d', prefix: PREFIX, note: NOTE },
    owner.token,
  );
  expect(generated.status).toBe(201);
  keys = generated.body.data.map((license) => license.key);
  const banned = await call(
    'POST',
    `${admin}/licenses/${generated.body.data[1].id}/ban`,
    { reason: REASON },
    owner.token,
  );
  expect(banned.status).toBe(200);
  // A used key has an expiry date, the widest thing in its column; its user has a session and log entries.
  const registered = await call('POST', '/v1', {
    appId: app.appId,
    apiKey: app.apiKey,
    type: 'register',
    username: USERNAME,
    password: 'secret123',
    licenseKey: keys[0],
    hwid: `HWID-${'0123456789ABCDEF'.repeat(4)}`,
  });
  expect(registered.status).toBe(200);
  const reseller = await call(
    'POST',
    `${admin}/resellers`,
    { email: RESELLER_EMAIL, password: 'correct horse battery', credits: 10, allowedLevels: [0, 1] },
    owner.token,
  );
  expect(reseller.status).toBe(201);
  const webhook = await call(
    'POST',
    `${admin}/webhooks`,
    { url: 'https://hooks.example.com/latchkey/a/rather/long/path/to/the/endpoint', events: ['user.ban'] },
    owner.token,
  );
  expect(webhook.status).toBe(201);
  webhookId = webhook.body.data.id;
  // A test delivery is recorded at once (pending: no worker runs here).
  expect((await call('POST', `${admin}/webhooks/${webhookId}/test`, undefined, owner.token)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/**
 * Where the table named `tableName` and its row named `rowName` sit: the
 * table's scroll box (its nearest ancestor that clips sideways), the page's
 * width, and the first and last cells shown in the row.
 */
async function tablePlacement(page, tableName, rowName) {
  const row = page.getByRole('table', { name: tableName }).getByRole('row', { name: rowName });
  await row.waitFor();
  return row.evaluate((tr) => {
    let box = tr.closest('table').parentElement;
    while (getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const cells = [...tr.cells].filter((cell) => getComputedStyle(cell).display !== 'none');
    return {
      boxScrollWidth: box.scrollWidth,
      boxWidth: box.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      pageWidth: document.documentElement.clientWidth,
      firstCell: { left: cells[0].getBoundingClientRect().left, right: cells[0].getBoundingClientRect().right },
      lastCellRight: cells.at(-1).getBoundingClientRect().right,
      viewportWidth: window.innerWidth,
    };
  });
}

/** The words of the element's text that the browser split across two lines. */
function wordsBrokenAcrossLines(locator) {
  return locator.evaluate((element) => {
    const broken = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lineTops.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

function expectFitsLaptop(placement) {
  expect(placement.boxScrollWidth).toBeLessThanOrEqual(placement.boxWidth);
  expect(placement.pageScrollWidth).toBeLessThanOrEqual(placement.pageWidth);
  expect(placement.firstCell.left).toBeGreaterThanOrEqual(0);
  expect(placement.lastCellRight).toBeLessThanOrEqual(placement.viewportWidth);
}

describe('wide tables', () => {
  test('fit a 1366x768 screen with the key in view, and wrap notes and reasons between words', async () => {
    const { context, page, pageErrors } = await harness.signedInPage(owner.token, { viewport: LAPTOP });
    const appPath = `${harness.url}/apps/${app.appId}`;

    await page.goto(`${appPath}/licenses`);
    const bannedRow = new RegExp(keys[1]);
    expectFitsLaptop(await tablePlacement(page, 'Licenses', bannedRow));
    const licenses = page.getByRole('table', { name: 'Licenses' });
    // Who created a key stays in view; only the creation date gives way.
    expect(await licenses.getByRole('row', { name: bannedRow }).innerText()).toContain('You');
    const keyBox = await licenses.getByText(keys[1], { exact: true }).boundingBox();
    expect(keyBox.x).toBeGreaterThanOrEqual(0);
    expect(keyBox.x + keyBox.width).toBeLessThanOrEqual(LAPTOP.width);
    await expect(wordsBrokenAcrossLines(licenses.getByText(REASON))).resolves.toEqual([]);
    await expect(wordsBrokenAcrossLines(licenses.getByText(NOTE).first())).resolves.toEqual([]);

    const pages = [
      ['users', 'Users', new RegExp(USERNAME)],
      ['sessions', 'Live sessions', new RegExp(USERNAME)],
      ['resellers', 'Resellers', new RegExp(RESELLER_EMAIL.replaceAll('.', '\\.'))],
      ['logs', 'Audit log', /Registration/],
      [`webhooks/${webhookId}`, 'Deliveries', /test/],
    ];
    for (const [path, tableName, rowName] of pages) {
      await page.goto(`${appPath}/${path}`);
      expectFitsLaptop(await tablePlacement(page, tableName, rowName));
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('scroll inside their box on a phone, the page staying put and the key in view', async () => {
    const { context, page, pageErrors } = await harness.signedInPage(owner.token, { viewport: PHONE });
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    const placement = await tablePlacement(page, 'Licenses', new RegExp(keys[1]));
    expect(placement.pageScrollWidth).toBeLessThanOrEqual(placement.pageWidth);
    expect(placement.firstCell.left).toBeGreaterThanOrEqual(0);
    const keyBox = await page
      .getByRole('table', { name: 'Licenses' })
      .getByText(keys[1], { exact: true })
      .boundingBox();
    expect(keyBox.x + keyBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
