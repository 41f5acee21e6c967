// Issue 41: the Logs page in words. Each entry's type has a label and its
// details read as a sentence linking to the key and the user it names; the
// log is searched by a license key or a username (what a ticket gives), the
// search kept in the URL; on a phone an actor's email wraps at its @, never
// letter by letter.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { PHONE, startHarness } from './harness.mjs';

const LAPTOP = { width: 1366, height: 768 };

let harness;
let api;
let call;

beforeAll(async () => {
  harness = await startHarness('logs');
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

/**
 * An app where `ticket_bob` registered with a key and then failed to sign in,
 * and another key signed in alone and was banned: `{ ..., bobKey, soloKey }`.
 */
async function appWithStories(pageOptions) {
  const owner = await harness.ownerWithApp({ appName: 'Logs App', ...pageOptions });
  const { app, token } = owner;
  const client = { appId: app.appId, apiKey: app.apiKey };
  const { licenseKey: bobKey } = await harness.registerClientUser({ token }, app, { username: 'ticket_bob' });
  expect(
    (await call('POST', '/v1', { ...client, type: 'login', username: 'ticket_bob', password: 'nope1234' })).status,
  ).toBe(401);
  const generated = await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count: 1, durationType: '7d' }, token);
  const solo = generated.body.data[0];
  expect((await call('POST', '/v1', { ...client, type: 'license', licenseKey: solo.key })).status).toBe(200);
  const banned = await call(
    'POST',
    `/v1/admin/apps/${app.appId}/licenses/${solo.id}/ban`,
    { reason: 'chargeback' },
    token,
  );
  expect(banned.status).toBe(200);
  return { ...owner, bobKey, soloKey: solo.key };
}

describe('logs page', () => {
  test('reads entries as labelled sentences with links, and searches by key and by username', async () => {
    const { app, context, page, pageErrors, soloKey, bobKey } = await appWithStories({ viewport: LAPTOP });
    await page.goto(`${api.url}/apps/${app.appId}/logs`);
    await page.getByRole('heading', { name: 'Logs', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log' });

    // Labels, not raw types; details as sentences.
    const banRow = table.getByRole('row', { name: /Key banned/ });
    await banRow.waitFor();
    expect(await banRow.innerText()).toContain(`Banned key ${soloKey}: “chargeback”`);
    const signInRow = table.getByRole('row', { name: /Sign-in with a key/ });
    expect(await signInRow.innerText()).toContain(`Signed in with key ${soloKey} as its user`);
    expect(await table.getByRole('row', { name: /Sign-in with a password/ }).innerText()).toContain(
      'Sign-in as ticket_bob refused: Invalid username or password',
    );
    expect(await table.getByRole('row', { name: /Registration/ }).innerText()).toContain(
      'Registered as ticket_bob and signed in',
    );
    expect(await table.innerText()).not.toMatch(/\b(admin|client)\.[a-z]/);

    // The Type filter speaks in labels too.
    await page.getByLabel('Type').selectOption('admin.license');
    await page.waitForURL(/[?&]type=admin\.license/);
    expect(await page.getByLabel('Type').locator('option:checked').innerText()).toBe('Keys: every change');
    await table.getByRole('row', { name: /Sign-in with a key/ }).waitFor({ state: 'detached' });
    await table
      .getByRole('row', { name: /Keys generated/ })
      .first()
      .waitFor();
    await page.getByLabel('Type').selectOption('');
    await signInRow.waitFor();

    // The key links to Licenses searched by it; its user to the user's page.
    await signInRow.getByRole('link', { name: soloKey }).click();
    await page.waitForURL(new RegExp(`/apps/${app.appId}/licenses\\?search=${soloKey}$`));
    await page
      .getByRole('table', { name: 'Licenses' })
      .getByRole('row', { name: new RegExp(soloKey) })
      .waitFor();
    await page.goBack();
    await signInRow.getByRole('link', { name: 'its user' }).click();
    await page.waitForURL(new RegExp(`/apps/${app.appId}/users/[0-9a-f-]{36}`));
    await page.getByRole('heading', { name: soloKey, level: 1 }).waitFor();
    await page.goBack();

    // Search by key: that key's story only, kept in the URL.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(soloKey);
    await page.waitForURL(new RegExp(`[?&]search=${soloKey}`));
    await table.getByRole('row', { name: /Registration/ }).waitFor({ state: 'detached' });
    const keyRows = await table.locator('tbody tr').allInnerTexts();
    expect(keyRows).toHaveLength(3);
    expect(keyRows.join('\n')).not.toContain('ticket_bob');
    expect(keyRows.join('\n')).not.toContain(bobKey);

    // Search by username, in any case: the user's calls, refused ones included.
    await search.fill('TICKET_BOB');
    await page.waitForURL(/[?&]search=TICKET_BOB/);
    await table.getByRole('row', { name: /Key banned/ }).waitFor({ state: 'detached' });
    const userRows = await table.locator('tbody tr').allInnerTexts();
    expect(userRows.join('\n')).toContain('Sign-in as ticket_bob refused');
    expect(userRows.join('\n')).toContain('Registered as ticket_bob');
    expect(userRows.join('\n')).not.toContain(soloKey);

    // A reload keeps the search; nothing found says so.
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('TICKET_BOB');
    await table.getByRole('row', { name: /Registration/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody_here');
    await page.getByText('Nothing names nobody_here').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('on a phone an actor’s email wraps at its @, not letter by letter', async () => {
    const { app, email, context, page, pageErrors } = await appWithStories({ viewport: PHONE });
    await page.goto(`${api.url}/apps/${app.appId}/logs`);
    const banRow = page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: /chargeback/ });
    await banRow.waitFor();
    const actor = banRow.locator('.log-actor');
    expect((await actor.innerText()).replace(/\s/g, '')).toBe(email);
    const { height, lineHeight } = await actor.locator('.email-text').evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    expect(await actor.getAttribute('title')).toContain(email);
    // Each entry is a card: what happened is on screen, not past the table's right edge.
    const what = await banRow.locator('td.log-what').boundingBox();
    expect(what.x + what.width).toBeLessThanOrEqual(PHONE.width);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
