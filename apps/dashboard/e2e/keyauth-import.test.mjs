// The "Import from KeyAuth" page in a real browser: a KeyAuthUsers.json is
// uploaded, its preview shows what will be created, skipped or conflicts, the
// owner sets a subscription's level and commits; the users then appear on the
// Users page (and log in through /v1 with their KeyAuth password), and a
// KeyAuthKeys.json's keys on the Licenses page.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startHarness } from './harness.mjs';

let harness;
let api;
let call;

/** password_hash('keyauth password') as PHP writes it ($2y$, cost 4). */
const PHP_HASH = '$2y$04$LYO/8KGttESFD2BRSYGMzutJC4aJ9/wDMlYnLYD9aGdkvZSDyrfbi';
const IN_30_DAYS = String(Math.floor(Date.now() / 1000) + 30 * 86_400);

beforeAll(async () => {
  harness = await startHarness('keyauth_import', {}, { worker: true });
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

function jsonFile(name, content) {
  return { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) };
}

describe('Import from KeyAuth page', () => {
  test('uploads users then keys, previews, commits; the users and keys are in the app', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'KeyAuth App' });
    await page.goto(`${api.url}/apps/${app.appId}`);
    // The import is reached from the KeyAuth page (issue 41), which it links back to.
    await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'KeyAuth' }).click();
    await page.getByRole('link', { name: 'Import from KeyAuth' }).click();
    await page.getByRole('heading', { name: 'Import from KeyAuth', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'KeyAuth page' }).getAttribute('href')).toBe(
      `/apps/${app.appId}/keyauth`,
    );

    await page.getByLabel('Export file').setInputFiles(
      jsonFile('KeyAuthUsers.json', {
        users: [
          { username: 'alice', email: 'hashed', password: PHP_HASH, hwid: 'S-1-5-21-1', banned: null, ip: null },
          { username: 'mallory', email: 'hashed', password: PHP_HASH, hwid: null, banned: 'cheating', ip: null },
          { username: 'not valid!', email: 'hashed', password: PHP_HASH, hwid: null, banned: null, ip: null },
        ],
        subscription: [
          { user: 'alice', subscription: 'premium', expiry: IN_30_DAYS },
          { user: 'mallory', subscription: 'default', expiry: IN_30_DAYS },
        ],
      }),
    );
    await page.getByRole('button', { name: 'Upload and preview' }).click();

    const view = page.getByRole('region', { name: 'KeyAuth import' });
    await view.getByText('Ready to commit', { exact: true }).waitFor();
    const counts = view.getByRole('table', { name: 'Preview counts' });
    expect(await counts.getByRole('row', { name: /Users/ }).innerText()).toMatch(/Users\s+2\s+1\s+0/);
    const rows = view.getByRole('table', { name: 'Preview of the users' });
    await rows.getByRole('row', { name: /not valid!.*skipped.*username must be/ }).waitFor();
    await rows.getByRole('row', { name: /mallory.*created.*\(banned\)/ }).waitFor();

    await view.getByLabel('Level of premium').fill('5');
    await view.getByRole('button', { name: 'Commit import' }).click();
    await view
      .getByRole('status', { name: 'Import result' })
      .getByText('Created 2 users and 0 keys; skipped 1 user and 0 keys.')
      .waitFor();

    await view.getByRole('link', { name: 'Open the imported users' }).click();
    await page.getByRole('cell', { name: 'alice', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'mallory', exact: true }).waitFor();
    const login = await call('POST', '/v1', {
      type: 'login',
      appId: app.appId,
      apiKey: app.apiKey,
      username: 'alice',
      password: 'keyauth password',
      hwid: 'S-1-5-21-1',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.level).toBe(5);

    await page.getByRole('link', { name: 'KeyAuth', exact: true }).click();
    await page.getByRole('link', { name: 'Import from KeyAuth' }).click();
    await page.getByLabel('Export file').setInputFiles(
      jsonFile('KeyAuthKeys.json', [
        { key: 'KA-IMPORTED-0001', level: '2', expiry: 30 },
        { key: 'KA-IMPORTED-0002', level: '1', expiry: 1 },
        { key: 'KA-IMPORTED-LIFE', level: '1', expiry: 3650 },
        { key: 'bad key', level: '1', expiry: 1 },
      ]),
    );
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    // Each key says what it becomes; a skipped one is not shown as a key it never becomes.
    const keyRows = view.getByRole('table', { name: 'Preview of the keys' });
    expect(await keyRows.getByRole('row', { name: /KA-IMPORTED-0001/ }).innerText()).toMatch(/Level 2 · 30 days/);
    expect(await keyRows.getByRole('row', { name: /KA-IMPORTED-0002/ }).innerText()).toMatch(/Level 1 · 1 day/);
    expect(await keyRows.getByRole('row', { name: /KA-IMPORTED-LIFE/ }).innerText()).toMatch(/Level 1 · Lifetime/);
    const skipped = await keyRows.getByRole('row', { name: /bad key/ }).innerText();
    expect(skipped).toContain('Not imported');
    expect(skipped).not.toContain('UNUSED');
    await view.getByRole('button', { name: 'Commit import' }).click();
    await view.getByText('Created 0 users and 3 keys; skipped 0 users and 1 key.').waitFor();

    // After the commit, the imported keys are one click away.
    await view.getByRole('link', { name: 'Open the imported keys' }).click();
    await page.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();
    await page.getByText('KA-IMPORTED-LIFE').waitFor();
    await page.getByRole('link', { name: 'Licenses' }).click();
    await page.getByText('KA-IMPORTED-0001').waitFor();
    await page.getByText('KA-IMPORTED-0002').waitFor();
    const keys = await call('GET', `/v1/admin/apps/${app.appId}/licenses`, undefined, token);
    expect(keys.body.data.map((license) => license.key).sort()).toEqual([
      'KA-IMPORTED-0001',
      'KA-IMPORTED-0002',
      'KA-IMPORTED-LIFE',
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
