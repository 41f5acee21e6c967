// The console's small things a vendor trips over (issue 41 item 10), each
// checked as a vendor sees it: a key banned before use does not read as
// lifetime, a session row stays one line at 1366 with a long HWID, the phone's
// section row says it scrolls, a user's page shows its actions, and the
// Members page has one "Members" title.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('console_details');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const LONG_HWID = 'S-1-5-21-3623811015-3361044348-30300820-1013-9F86D081884C7D659A2FEAA0C55AD015';

describe('console details', () => {
  test('a key banned before first use reads "Not used yet", not "Never"', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ viewport: LAPTOP });
    const generated = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { count: 1, durationType: '30d' },
      token,
    );
    const key = generated.body.data[0];
    expect(
      (await call('POST', `/v1/admin/apps/${app.appId}/licenses/${key.id}/ban`, { reason: 'leak' }, token)).status,
    ).toBe(200);
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    const row = page.getByRole('row', { name: new RegExp(key.key) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Not used yet');
    expect(await row.innerText()).not.toMatch(/\bNever\b/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a session with a long HWID is one line at 1366, its whole HWID on hover', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ viewport: LAPTOP });
    await harness.registerClientUser({ token }, app, { username: 'long_hwid', hwid: LONG_HWID });
    await page.goto(`${harness.url}/apps/${app.appId}/sessions`);
    const row = page.getByRole('row', { name: /long_hwid/ });
    await row.waitFor();
    const hwid = row.locator('code', { hasText: 'S-1-5-21' });
    expect(await hwid.getAttribute('title')).toBe(LONG_HWID);
    // Each cell's content is one line: its height is under two of its lines.
    const heights = await row.locator('td').evaluateAll((cells) =>
      cells.map((cell) => {
        const style = getComputedStyle(cell);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const content =
          cell.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return { text: cell.innerText.slice(0, 20), lines: content / line };
      }),
    );
    for (const cell of heights) expect({ ...cell, lines: cell.lines < 1.9 }).toEqual({ ...cell, lines: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('on a phone the section row fades and offers a button where sections are hidden', async () => {
    const { app, context, page, pageErrors } = await harness.ownerWithApp({ viewport: PHONE });
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    await page.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Application' });
    const settings = nav.getByRole('link', { name: 'Settings' });
    const inView = async () => {
      const [navBox, linkBox] = [await nav.boundingBox(), await settings.boundingBox()];
      // A pixel of slack: scrolled to its end, the row's last link may overhang by a subpixel of rounding.
      return linkBox.x >= navBox.x - 1 && linkBox.x + linkBox.width <= navBox.x + navBox.width + 1;
    };
    expect(await inView()).toBe(false);
    const more = page.getByRole('button', { name: 'More sections' });
    expect(await nav.evaluate((row) => row.parentElement.hasAttribute('data-more-right'))).toBe(true);
    const atEnd = () => nav.evaluate((row) => row.scrollLeft + row.clientWidth >= row.scrollWidth - 1);
    for (let clicks = 0; clicks < 10 && !(await atEnd()); clicks += 1) {
      const settled = nav.evaluate(
        (row) => new Promise((resolve) => row.addEventListener('scrollend', () => resolve(), { once: true })),
      );
      await more.click();
      await settled;
    }
    await more.waitFor({ state: 'detached' });
    expect(await inView()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a user's page shows its actions as buttons, and Members has one Members title", async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ viewport: LAPTOP });
    await harness.registerClientUser({ token }, app, { username: 'with_buttons', hwid: 'HW-1' });
    await page.goto(`${harness.url}/apps/${app.appId}/users?search=with_buttons`);
    await page.getByRole('link', { name: 'with_buttons' }).click();
    const actions = page.getByRole('group', { name: 'Actions for with_buttons' });
    await actions.waitFor();
    for (const name of ['Ban', 'Extend', 'Set expiry', 'Reset HWID', 'End all sessions', 'Delete']) {
      expect(await actions.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Members', exact: true }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('on a phone a key is a card with every field, nothing hidden sideways', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ viewport: PHONE });
    const generated = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { count: 1, durationType: '30d', level: 3, maxDevices: 2, note: 'For the phone test' },
      token,
    );
    const key = generated.body.data[0].key;
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    const row = page.getByRole('row', { name: new RegExp(key) });
    await row.waitFor();
    for (const label of ['Duration', 'Level', 'Devices', 'Note', 'Expires', 'Created by', 'Created']) {
      const cell = row.locator(`td[data-label="${label}"]`);
      const box = await cell.boundingBox();
      expect({ label, shown: box !== null && box.x >= 0 && box.x + box.width <= PHONE.width }).toEqual({
        label,
        shown: true,
      });
    }
    expect(await row.innerText()).toContain('For the phone test');
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/licenses-cards-phone.png` });
    const wrap = page.locator('.table-wrap').first();
    expect(await wrap.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
