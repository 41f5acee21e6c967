// The Bulk actions page in a real browser: a job started from the form (after
// confirming) shows its progress until it is done, and the import's refused
// rows are listed with their line.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startHarness } from './harness.mjs';

let harness;
let api;
let call;

beforeAll(async () => {
  // Small batches: the 30 keys below take six, each a progress step the page reads.
  harness = await startHarness('bulk_jobs', { BULK_JOB_BATCH_SIZE: '5' }, { worker: true });
  ({ api, call } = harness);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

describe('bulk actions page', () => {
  test('deletes the unused keys matching a note; the progress reaches done', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Bulk App' });
    for (const note of ['summer sale', 'partner']) {
      const made = await call(
        'POST',
        `/v1/admin/apps/${app.appId}/licenses`,
        { count: note === 'partner' ? 2 : 30, durationType: '30d', note },
        token,
      );
      expect(made.status).toBe(201);
    }

    await page.goto(`${api.url}/apps/${app.appId}`);
    await page.getByRole('link', { name: 'Bulk actions' }).click();
    await page.getByRole('heading', { name: 'Bulk actions', level: 1 }).waitFor();
    await page.getByText('No bulk actions yet').waitFor();

    await page.getByLabel('Operation').selectOption('licenses.delete');
    await page.getByLabel('Status').selectOption('UNUSED');
    await page.getByLabel('Note contains').fill('SALE');
    await page.getByRole('button', { name: 'Start…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start' }).click();

    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('30 of 30 done').waitFor();
    await progress.getByText('succeeded').waitFor();
    expect(await progress.locator('progress').evaluate((bar) => [bar.value, bar.max])).toEqual([30, 30]);
    await page
      .getByRole('table', { name: 'Recent jobs' })
      .getByRole('row', { name: /Delete keys/ })
      .waitFor();

    const left = await call('GET', `/v1/admin/apps/${app.appId}/licenses`, undefined, token);
    expect(left.body.data.map((license) => license.note)).toEqual(['partner', 'partner']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('imports keys from a CSV and lists the rows it refused', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Import App' });
    await page.goto(`${api.url}/apps/${app.appId}/jobs`);
    await page.getByLabel('Operation').selectOption('licenses.import');
    const csv = 'key,level,duration,note\nIMP-00001,2,30d,first\nIMP-00002,1,forever,\nIMP-00003,1,lifetime,\n';
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'keys.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Start…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start' }).click();

    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('3 of 3 done, 1 refused').waitFor();
    await progress
      .getByRole('list', { name: 'Refused rows' })
      .getByText('Line 3: IMP-00002: duration must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime')
      .waitFor();
    const keys = await call('GET', `/v1/admin/apps/${app.appId}/licenses`, undefined, token);
    expect(keys.body.data.map((license) => license.key).sort()).toEqual(['IMP-00001', 'IMP-00003']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
