// The Bulk actions page in a real browser: a job started from the form (after
// confirming with the number the dry run counted) shows its progress until it
// is done, and the import's refused rows are listed with their line. The form
// opens on the least dangerous operation, nothing starts when nothing
// matches, cancelling asks first, and added time shows on the key and the job.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import pg from 'pg';
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
    const confirm = page.getByRole('alertdialog', { name: 'Delete 30 keys?' });
    await confirm.getByRole('button', { name: 'Start' }).click();

    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('30 of 30 done').waitFor();
    await progress.getByText('Done', { exact: true }).waitFor();
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
    await page
      .getByRole('alertdialog', { name: 'Import the keys in keys.csv?' })
      .getByRole('button', { name: 'Start' })
      .click();

    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('3 of 3 done, 1 refused').waitFor();
    await progress.getByText('2 keys imported').waitFor();
    await progress
      .getByRole('list', { name: 'Refused rows' })
      .getByText('Line 3: IMP-00002: duration must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime')
      .waitFor();
    const keys = await call('GET', `/v1/admin/apps/${app.appId}/licenses`, undefined, token);
    expect(keys.body.data.map((license) => license.key).sort()).toEqual(['IMP-00001', 'IMP-00003']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('opens on the least dangerous operation; a deletion opens on expired keys, never on every key', async () => {
    const { context, page, pageErrors, app } = await harness.ownerWithApp({ appName: 'Order App' });
    await page.goto(`${api.url}/apps/${app.appId}/jobs`);
    const operation = page.getByLabel('Operation');
    expect(await operation.inputValue()).toBe('licenses.add-time');
    expect(await operation.locator('option').allTextContents()).toEqual([
      'Add time to unused keys',
      'Extend active users',
      'Import keys from CSV',
      'Unban users',
      'Reset every HWID',
      'Ban users',
      'Delete keys',
    ]);
    await operation.selectOption('licenses.delete');
    expect(await page.getByLabel('Status').inputValue()).toBe('EXPIRED');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('the confirmation states how many keys the job changes, with thousands separated', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Count App' });
    // 1,234 keys: twelve calls of 100 and one of 34.
    for (const count of [...Array(12).fill(100), 34]) {
      const made = await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count, durationType: '1d' }, token);
      expect(made.status).toBe(201);
    }
    await page.goto(`${api.url}/apps/${app.appId}/jobs`);
    await page.getByLabel('Operation').selectOption('licenses.delete');
    await page.getByLabel('Status').selectOption('UNUSED');
    await page.getByRole('button', { name: 'Start…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1,234 keys?' });
    await confirm.waitFor();
    // Asking starts nothing; closing the question leaves every key.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await call('GET', `/v1/admin/apps/${app.appId}/jobs`, undefined, token)).body.meta.total).toBe(0);

    await page.getByLabel('Operation').selectOption('licenses.add-time');
    await page.getByLabel('Days').fill('1');
    await page.getByRole('button', { name: 'Start…' }).click();
    await page.getByRole('alertdialog', { name: 'Add 1 day to 1,234 unused keys?' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('when nothing matches, says so and starts nothing', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Empty App' });
    const made = await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count: 3, durationType: '30d' }, token);
    expect(made.status).toBe(201);
    await page.goto(`${api.url}/apps/${app.appId}/jobs`);
    await page.getByLabel('Operation').selectOption('licenses.delete');
    // Opens on the expired keys: none here.
    await page.getByRole('button', { name: 'Start…' }).click();
    await page.getByRole('status').getByText('Nothing to change: no key matches these filters.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await page.getByLabel('Operation').selectOption('users.unban');
    await page.getByRole('button', { name: 'Start…' }).click();
    await page.getByRole('status').getByText('Nothing to change: no matching user is banned.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByText('No bulk actions yet').waitFor();
    expect((await call('GET', `/v1/admin/apps/${app.appId}/jobs`, undefined, token)).body.meta.total).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('cancelling a running job asks first; keeping it running sends nothing', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Cancel App' });
    const made = await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count: 12, durationType: '30d' }, token);
    expect(made.status).toBe(201);
    // Batches of 5: the job's second batch waits on its sixth key, which this test holds, so the job runs until
    // the test lets it go. (The first batch commits the job's start with it: a cancel then would wait for it.)
    const held = new pg.Client({ connectionString: harness.databaseUrl });
    await held.connect();
    await held.query('BEGIN');
    // Found first, then locked: FOR UPDATE with OFFSET would lock the rows it skips too.
    const sixth = await held.query(`SELECT id FROM licenses WHERE app_id = $1 ORDER BY id OFFSET 5 LIMIT 1`, [
      app.appId,
    ]);
    await held.query(`SELECT 1 FROM licenses WHERE id = $1 FOR UPDATE`, [sixth.rows[0].id]);
    try {
      await page.goto(`${api.url}/apps/${app.appId}/jobs`);
      await page.getByLabel('Days').fill('2');
      await page.getByRole('button', { name: 'Start…' }).click();
      await page
        .getByRole('alertdialog', { name: 'Add 2 days to 12 unused keys?' })
        .getByRole('button', { name: 'Start' })
        .click();
      const progress = page.getByRole('region', { name: 'Job progress' });
      await progress.getByText('5 of 12 done').waitFor();

      await progress.getByRole('button', { name: 'Cancel job…' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Cancel this job?' });
      await ask.getByRole('button', { name: 'Keep it running' }).click();
      await ask.waitFor({ state: 'hidden' });
      const [job] = (await call('GET', `/v1/admin/apps/${app.appId}/jobs`, undefined, token)).body.data;
      expect(job.cancelRequested).toBe(false);

      await progress.getByRole('button', { name: 'Cancel job…' }).click();
      await ask.getByRole('button', { name: 'Cancel job' }).click();
      await ask.waitFor({ state: 'hidden' });
      await progress.getByText('Cancelling', { exact: true }).waitFor();
    } finally {
      await held.query('ROLLBACK');
      await held.end();
    }
    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('Cancelled', { exact: true }).waitFor();
    // The batch that waited committed; the job stopped before the next one.
    await progress.getByText('2 days added to 10 keys').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('time added to unused keys shows on the job card, in the Duration column and on the key', async () => {
    const { token, app, context, page, pageErrors } = await harness.ownerWithApp({ appName: 'Time App' });
    const made = await call('POST', `/v1/admin/apps/${app.appId}/licenses`, { count: 6, durationType: '30d' }, token);
    const lifetime = await call(
      'POST',
      `/v1/admin/apps/${app.appId}/licenses`,
      { count: 1, durationType: 'lifetime' },
      token,
    );
    expect([made.status, lifetime.status]).toEqual([201, 201]);
    await page.goto(`${api.url}/apps/${app.appId}/jobs`);
    await page.getByLabel('Days').fill('7');
    await page.getByRole('button', { name: 'Start…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Add 7 days to 6 unused keys?' })
      .getByRole('button', { name: 'Start' })
      .click();
    const progress = page.getByRole('region', { name: 'Job progress' });
    await progress.getByText('Done', { exact: true }).waitFor();
    await progress.getByText('7 days added to 6 keys').waitFor();

    await page.goto(`${api.url}/apps/${app.appId}/licenses`);
    const table = page.getByRole('table');
    const key = made.body.data[0].key;
    await table
      .getByRole('row', { name: new RegExp(key) })
      .getByRole('cell', { name: '30 days + 7 days' })
      .waitFor();
    expect(await table.getByRole('cell', { name: '30 days + 7 days', exact: true }).count()).toBe(6);
    await table.getByRole('cell', { name: 'Lifetime', exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for ${key}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page
      .getByRole('dialog', { name: `Edit ${key}` })
      .getByText('Duration: 30 days + 7 days (time added by bulk actions, counted from first use).')
      .waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
