// The Licenses page in a real browser: generate keys with a prefix (the prefix
// checked before sending), see them in the table, ban one with a reason and
// find it under the BANNED filter (kept in the URL over a reload), unban it,
// edit a note and find the key by search, delete with a confirmation, and
// export the list as CSV, watching a large export's progress and cancelling it.
// Past 10,000 keys the footer says "about ..." and too short a search is
// explained, not sent.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { EXACT_TOTAL_MAX, LicenseLimits } from '@latchkey/contracts';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { seedLicenses } from '../../../scripts/seed-licenses.mjs';
import { startHarness } from './harness.mjs';

let harness;
/** Keys of the export whose progress is watched: 200 KB of CSV, the most whose total is still exact. */
const EXPORT_ROWS = EXACT_TOTAL_MAX;

/** Puts `count` keys straight into the app's table: the API makes at most LicenseLimits.countMax a call. */
async function seed(token, app, count) {
  const me = (await harness.call('GET', '/v1/admin/me', undefined, token)).body.data;
  const pool = new pg.Pool({ connectionString: harness.databaseUrl, max: 1 });
  await seedLicenses(pool, { appId: app.appId, createdBy: me.account.id, count });
  await pool.end();
}

beforeAll(async () => {
  harness = await startHarness('licenses');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('licenses page', () => {
  test('generates, bans, filters, unbans, edits, searches, deletes and exports keys', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Licenses App' });
    const licensesPath = `/v1/admin/apps/${app.appId}/licenses`;
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    await page.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();
    await page.getByText('No licenses yet').waitFor();

    // A bad prefix is caught under its field before anything is sent.
    await page.getByRole('button', { name: 'Generate keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate keys' });
    await dialog.getByLabel('Count').fill('5');
    await dialog.getByLabel('Prefix').fill('BAD-PREFIX');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByText('prefix must be 1-16 characters of A-Z, a-z, 0-9').waitFor();
    expect((await call('GET', licensesPath, undefined, token)).body.meta.total).toBe(0);

    await dialog.getByLabel('Prefix').fill('PRO');
    await dialog.getByLabel('Note').fill('launch batch');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const shown = page.getByRole('dialog', { name: 'New keys' });
    const keysText = await shown.getByLabel('Generated keys').inputValue();
    const keys = keysText.split('\n');
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(/^PRO-[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('toast-success').getByText('5 keys generated').waitFor();
    for (const key of keys) await page.getByRole('row', { name: new RegExp(key) }).waitFor();
    expect(await page.getByTestId('table-total').innerText()).toBe('5');
    expect(await page.getByRole('row', { name: new RegExp(keys[0]) }).innerText()).toContain('You');

    // Ban one with a reason; it shows under the BANNED filter, which a reload keeps.
    await page.getByRole('button', { name: `Actions for ${keys[0]}` }).click();
    await page.getByRole('menuitem', { name: 'Ban' }).click();
    const ban = page.getByRole('dialog', { name: `Ban ${keys[0]}?` });
    await ban.getByLabel('Reason').fill('Shared on a forum');
    await ban.getByRole('button', { name: 'Ban key' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${keys[0]} banned`).waitFor();
    await page.getByLabel('Status').selectOption('BANNED');
    await page.waitForURL(/[?&]status=BANNED/);
    await page.getByRole('row', { name: new RegExp(keys[1]) }).waitFor({ state: 'detached' });
    await page.reload();
    const bannedRow = page.getByRole('row', { name: new RegExp(keys[0]) });
    await bannedRow.waitFor();
    expect(await bannedRow.innerText()).toContain('Shared on a forum');
    expect(await page.getByTestId('table-total').innerText()).toBe('1');
    const banned = (await call('GET', `${licensesPath}?status=BANNED`, undefined, token)).body.data;
    expect(banned.map((l) => l.key)).toEqual([keys[0]]);
    expect(banned[0].banReason).toBe('Shared on a forum');

    // Unban from the filtered list: it leaves the BANNED view.
    await page.getByRole('button', { name: `Actions for ${keys[0]}` }).click();
    await page.getByRole('menuitem', { name: 'Unban' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${keys[0]} unbanned`).waitFor();
    await page.getByText('No licenses match').waitFor();

    // Edit a note, then find the key by searching for it.
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: `Actions for ${keys[2]}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${keys[2]}` });
    await edit.getByLabel('Note').fill('reseller north');
    await edit.getByLabel('Level').fill('1001');
    await edit.getByRole('button', { name: 'Save' }).click();
    // Refused in the API's words: the form checks with the contracts' request shape.
    await edit.getByText('level must be between 0 and 1000').waitFor();
    await edit.getByLabel('Level').fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${keys[2]} saved`).waitFor();
    await page.getByLabel('Search').fill('north');
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(/[?&]search=north/);
    await page.getByRole('row', { name: new RegExp(keys[3]) }).waitFor({ state: 'detached' });
    const found = page.getByRole('row', { name: new RegExp(keys[2]) });
    expect(await found.innerText()).toContain('reseller north');

    // Delete after confirming.
    await page.getByRole('button', { name: `Actions for ${keys[2]}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete key' }).click();
    await page.getByTestId('toast-success').getByText(`Key ${keys[2]} deleted`).waitFor();
    await page.getByText('No licenses match').waitFor();
    expect((await call('GET', licensesPath, undefined, token)).body.meta.total).toBe(4);

    // Export: the CSV holds the four remaining keys.
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('row', { name: new RegExp(keys[3]) }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    for (const key of [keys[0], keys[1], keys[3], keys[4]]) expect(csv).toContain(key);
    expect(csv).not.toContain(keys[2]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('says a large total is an estimate and explains too short a search', async () => {
    const { call } = harness;
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Large App' });
    const licensesPath = `/v1/admin/apps/${app.appId}/licenses`;
    await seed(token, app, EXACT_TOTAL_MAX + 1);
    const listed = (await call('GET', licensesPath, undefined, token)).body.meta;
    expect(listed.totalIsEstimate).toBe(true);

    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    await page.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();
    await page
      .getByTestId('table-total')
      .getByText(/^about /)
      .waitFor();

    await page.getByLabel('Search').fill('ab');
    await page.getByLabel('Search').press('Enter');
    await page.getByText(`search must be ${LicenseLimits.searchMin}-${LicenseLimits.searchMax} characters`).waitFor();
    expect(page.url()).not.toContain('search=');

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  test('shows a large export’s progress, cancels it, and saves it whole', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Export App' });
    await seed(token, app, EXPORT_ROWS);
    const downloads = [];
    page.on('download', (download) => downloads.push(download));
    await page.goto(`${harness.url}/apps/${app.appId}/licenses`);
    await page.getByRole('heading', { name: 'Licenses', level: 1 }).waitFor();

    // The browser's network slowed to 10 KB/s: the 200 KB export takes about 20 s, so it is seen under way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (downloadThroughput) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        uploadThroughput: -1,
        downloadThroughput,
      });
    await throttle(10 * 1024);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const progress = page.getByTestId('export-progress');
    const exportRows = EXPORT_ROWS.toLocaleString('en');
    await progress
      .getByText(new RegExp(`^[1-9][\\d,]* of ${exportRows} keys \\(\\d+%\\) · [\\d.]+ (KiB|MiB)$`))
      .waitFor();
    expect(Number(await progress.getByRole('progressbar').getAttribute('value'))).toBeGreaterThan(0);
    await progress.getByRole('button', { name: 'Cancel export' }).click();
    await page.getByTestId('toast-success').getByText('Export cancelled').waitFor();
    await progress.waitFor({ state: 'detached' });

    await throttle(-1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await page.getByTestId('toast-success').getByText(`Export downloaded: ${exportRows} keys`).waitFor();
    expect(downloads).toEqual([download]);
    expect(download.suggestedFilename()).toBe('licenses-all.csv');
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines).toHaveLength(EXPORT_ROWS + 2);
    expect(lines[0]).toMatch(/^id,key,appId,status,/);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
