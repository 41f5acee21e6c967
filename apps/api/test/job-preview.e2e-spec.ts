import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobLimits } from '@latchkey/contracts';
import { JOB_OPERATIONS } from '../src/modules/jobs/job-operations.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { eventually } from './support/eventually.js';

// The dry run of a bulk job (`POST .../jobs/preview`, issue 41 item 2): the count the console's confirmation
// states. It must equal what the job then changes, for every type and filter, so each case here previews a
// body and then runs that same body on the worker. Small batches: a job of a dozen records is a few batches.
let stack: ServiceStack;

beforeAll(async () => {
  stack = await ServiceStack.start('job_preview', { BULK_JOB_BATCH_SIZE: '4' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const DAY_MS = 86_400_000;

function jobs(owner: StackOwner) {
  return `/v1/admin/apps/${owner.appId}/jobs`;
}

async function preview(owner: StackOwner, body: Record<string, unknown>) {
  const res = await stack.http('POST', `${jobs(owner)}/preview`, { token: owner.token, body });
  expect({ body, status: res.status }).toEqual({ body, status: 200 });
  return res.body.data as { type: string; filter: object; params: object; count: number; countIsCapped: boolean };
}

async function runJob(owner: StackOwner, body: Record<string, unknown>) {
  const res = await stack.http('POST', jobs(owner), { token: owner.token, body });
  expect(res.status).toBe(201);
  const jobId = res.body.data.id as string;
  return eventually(
    async () => (await stack.http('GET', `${jobs(owner)}/${jobId}`, { token: owner.token })).body.data,
    { until: (job) => ['succeeded', 'failed', 'cancelled'].includes(job.status), what: `job ${jobId} to end` },
  );
}

/** Previews `body`, runs it, and answers both counts: what the dry run said and what the job changed. */
async function previewThenRun(owner: StackOwner, body: Record<string, unknown>) {
  const dryRun = await preview(owner, body);
  const job = await runJob(owner, body);
  expect(job.status).toBe('succeeded');
  return { previewed: dryRun.count, capped: dryRun.countIsCapped, done: job.done, total: job.total };
}

async function createUser(owner: StackOwner, username: string, fields: Record<string, unknown> = {}) {
  const res = await stack.http('POST', `/v1/admin/apps/${owner.appId}/users`, {
    token: owner.token,
    body: { username, password: 'hunter22', ...fields },
  });
  expect(res.status).toBe(201);
  return res.body.data as { userId: string };
}

async function keyCount(owner: StackOwner): Promise<number> {
  const { rows } = await stack.db().query(`SELECT count(*)::int AS n FROM licenses WHERE app_id = $1`, [owner.appId]);
  return rows[0].n;
}

describe('a job’s dry run', () => {
  it('counts exactly the keys each key job then changes, for each filter; another app’s keys are not counted', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    await stack.licenseKeys(owner, { count: 9, note: 'Spring PROMO' });
    await stack.licenseKeys(owner, { count: 3, note: 'partner' });
    await stack.licenseKeys(owner, { count: 2, durationType: 'lifetime', note: 'promo lifetime' });
    const [used] = await stack.licenseKeys(owner, { count: 1, note: 'promo used' });
    expect((await stack.client(owner, { type: 'license', licenseKey: used })).status).toBe(200);
    const [banned] = await stack.licenseKeys(owner, { count: 1, note: 'partner banned' });
    const { rows } = await stack.db().query(`SELECT id FROM licenses WHERE key = $1`, [banned]);
    const ban = await stack.http('POST', `/v1/admin/apps/${owner.appId}/licenses/${rows[0].id}/ban`, {
      token: owner.token,
      body: {},
    });
    expect(ban.status).toBe(200);
    await stack.licenseKeys(other, { count: 6, note: 'promo' });

    // Each body with what its job reaches: add-time skips used, banned and lifetime keys.
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ type: 'licenses.add-time', params: { days: 7 } }, 12],
      [{ type: 'licenses.add-time', filter: { note: 'promo' }, params: { days: 1 } }, 9],
      // A filter field the type does not read is ignored by the dry run as by the job.
      [{ type: 'licenses.add-time', filter: { status: 'BANNED' }, params: { days: 1 } }, 12],
      [{ type: 'licenses.delete', filter: { createdBy: '00000000-0000-4000-8000-000000000000' } }, 0],
      [{ type: 'licenses.delete', filter: { status: 'BANNED' } }, 1],
      [{ type: 'licenses.delete', filter: { status: 'UNUSED', note: 'PARTNER' } }, 3],
      [{ type: 'licenses.delete', filter: { note: '100%_off' } }, 0],
      [{ type: 'licenses.delete', filter: { createdBy: owner.accountId, note: 'spring' } }, 9],
      [{ type: 'licenses.delete' }, 3],
    ];
    for (const [body, reached] of cases) {
      const counts = await previewThenRun(owner, body);
      expect({ body, ...counts }).toEqual({ body, previewed: reached, capped: false, done: reached, total: reached });
    }
    expect(await keyCount(owner)).toBe(0);
    expect(await keyCount(other)).toBe(6);
  }, 120_000);

  it('counts exactly the users each user job then changes, with and without a username search', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const soon = new Date(Date.now() + 10 * DAY_MS).toISOString();
    for (let i = 0; i < 6; i += 1) await createUser(owner, `active_${i}`, { expiresAt: soon });
    const expired = await createUser(owner, 'expired_1', { expiresAt: soon });
    // An admin may not set a past expiry: the user ran out of time.
    await stack.db().query(`UPDATE users SET expires_at = now() - interval '1 day' WHERE id = $1`, [expired.userId]);
    await createUser(owner, 'lifetime_1');
    await createUser(other, 'active_other', { expiresAt: soon });
    for (const [i, key] of (await stack.licenseKeys(owner, { count: 3 })).entries()) {
      expect((await stack.client(owner, { type: 'license', licenseKey: key, hwid: `hw-${i}` })).status).toBe(200);
    }

    const cases: Array<[Record<string, unknown>, number]> = [
      // active: not banned, not expired (the key users' 30 days count; a lifetime user has no end to move)
      [{ type: 'users.extend', params: { days: 2 } }, 9],
      [{ type: 'users.extend', filter: { search: 'ACTIVE_' }, params: { days: 2 } }, 6],
      [{ type: 'users.reset-hwid' }, 3],
      [{ type: 'users.reset-hwid' }, 0],
      [{ type: 'users.ban', filter: { search: 'active_1' }, params: { reason: 'chargeback' } }, 1],
      [{ type: 'users.ban', filter: { search: 'nobody-has-this' } }, 0],
      // LIKE's wildcards are the characters themselves
      [{ type: 'users.ban', filter: { search: 'activ__' } }, 0],
      [{ type: 'users.unban' }, 1],
      [{ type: 'users.ban' }, 11],
      [{ type: 'users.unban', filter: { search: 'expired' } }, 1],
    ];
    for (const [body, reached] of cases) {
      const counts = await previewThenRun(owner, body);
      expect({ body, ...counts }).toEqual({ body, previewed: reached, capped: false, done: reached, total: reached });
    }
  }, 120_000);

  it('answers the filter and params the job would keep, and changes nothing: no job, no audit entry, no key touched', async () => {
    const owner = await stack.ownerWithApp();
    await stack.licenseKeys(owner, { count: 4, note: 'batch one' });
    const dryRun = await preview(owner, {
      type: 'licenses.add-time',
      filter: { note: 'batch', status: 'USED', search: 'someone' },
      params: { days: 30, reason: 'ignored' },
    });
    expect(dryRun).toEqual({
      type: 'licenses.add-time',
      filter: { note: 'batch' },
      params: { days: 30 },
      count: 4,
      countIsCapped: false,
    });
    expect((await preview(owner, { type: 'licenses.delete' })).count).toBe(4);
    const { rows } = await stack.db().query(`SELECT extra_days FROM licenses WHERE app_id = $1`, [owner.appId]);
    expect(rows.map((row: { extra_days: number }) => row.extra_days)).toEqual([0, 0, 0, 0]);
    const list = await stack.http('GET', jobs(owner), { token: owner.token });
    expect(list.body.meta.total).toBe(0);
    const logs = await stack.http('GET', `/v1/admin/apps/${owner.appId}/logs?type=admin.job`, { token: owner.token });
    expect(logs.body.data).toEqual([]);
  }, 60_000);

  it('stops counting at its bound: past it the answer is the bound and says so', async () => {
    const owner = await stack.ownerWithApp();
    await stack.licenseKeys(owner, { count: 5 });
    for (let i = 0; i < 5; i += 1) await createUser(owner, `bounded_${i}`);
    const pool = stack.db();
    const executor = { query: async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows };
    const scope = (params = {}) => ({ appId: owner.appId, filter: {}, params });
    // The bound the API reads up to is JobLimits.previewCountMax + 1: here a bound of 3, met by 5 records.
    for (const upTo of [3, 5, 6]) {
      expect(await JOB_OPERATIONS['licenses.delete'].countScope(executor, scope(), upTo)).toBe(Math.min(upTo, 5));
      expect(await JOB_OPERATIONS['licenses.add-time'].countScope(executor, scope({ days: 1 }), upTo)).toBe(
        Math.min(upTo, 5),
      );
      expect(await JOB_OPERATIONS['users.ban'].countScope(executor, scope(), upTo)).toBe(Math.min(upTo, 5));
    }
    expect(JobLimits.previewCountMax).toBe(1_000_000);
  }, 60_000);

  it('refuses what the job’s start refuses, in the same words, with the admin envelope', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const cases: Array<[unknown, string]> = [
      [{}, 'type'],
      [{ type: 'licenses.wipe' }, 'type'],
      [{ type: 'licenses.import' }, 'type'],
      [{ type: 'users.extend' }, 'params.days'],
      [{ type: 'licenses.add-time', params: {} }, 'params.days'],
      [{ type: 'users.extend', params: { days: 0 } }, 'params.days'],
      [{ type: 'licenses.add-time', params: { days: 36_501 } }, 'params.days'],
      [{ type: 'licenses.add-time', params: { days: '7' } }, 'params.days'],
      [{ type: 'licenses.delete', filter: { status: 'GONE' } }, 'filter.status'],
      [{ type: 'licenses.delete', filter: { note: '' } }, 'filter.note'],
      [{ type: 'licenses.delete', filter: { createdBy: 'me' } }, 'filter.createdBy'],
      [{ type: 'users.ban', filter: { search: '' } }, 'filter.search'],
      [{ type: 'users.ban', params: { reason: 'x'.repeat(501) } }, 'params.reason'],
      [{ type: 'users.ban', filter: 'everyone' }, 'filter'],
    ];
    for (const [body, field] of cases) {
      const [dryRun, start] = await Promise.all(
        ['preview', ''].map((tail) =>
          stack.http('POST', `${jobs(owner)}${tail ? `/${tail}` : ''}`, { token: owner.token, body }),
        ),
      );
      expect({ body, status: dryRun.status, code: dryRun.body.code, success: dryRun.body.success }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION',
        success: false,
      });
      expect(dryRun.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
      // The job's start refuses it alike: one reading of the request for both.
      expect({ body, status: start.status, message: start.body.message, fields: start.body.fields }).toEqual({
        body,
        status: 400,
        message: dryRun.body.message,
        fields: dryRun.body.fields,
      });
    }
    const foreign = await stack.http('POST', `${jobs(owner)}/preview`, {
      token: other.token,
      body: { type: 'licenses.delete' },
    });
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const anonymous = await stack.http('POST', `${jobs(owner)}/preview`, { body: { type: 'licenses.delete' } });
    expect(anonymous.status).toBe(401);
  }, 60_000);
});
