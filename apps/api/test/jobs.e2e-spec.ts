import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { TAKE_IMPORT_ROWS } from '../src/modules/jobs/jobs.queries.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { eventually } from './support/eventually.js';
import { send, uploadForm } from './support/files.js';

// Bulk jobs run on the worker, so the spec has a stack of its own (API + worker), with small batches
// (a job of 30 records is 3 batches) and a short job lock (a killed worker's job is handed on in seconds).
let stack: ServiceStack;

beforeAll(async () => {
  stack = await ServiceStack.start('jobs', { BULK_JOB_BATCH_SIZE: '10', BULK_JOB_LOCK_MS: '2000' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

const DAY_MS = 86_400_000;

function jobs(owner: StackOwner) {
  return `/v1/admin/apps/${owner.appId}/jobs`;
}

async function startJob(owner: StackOwner, body: Record<string, unknown>) {
  const res = await stack.http('POST', jobs(owner), { token: owner.token, body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; status: string };
}

async function job(owner: StackOwner, jobId: string) {
  const res = await stack.http('GET', `${jobs(owner)}/${jobId}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The job once it has ended (succeeded, failed or cancelled). */
async function ended(owner: StackOwner, jobId: string, timeoutMs = 30_000) {
  return eventually(() => job(owner, jobId), {
    until: (j) => ['succeeded', 'failed', 'cancelled'].includes(j.status),
    timeoutMs,
    what: `job ${jobId} to end`,
  });
}

async function runJob(owner: StackOwner, body: Record<string, unknown>) {
  return ended(owner, (await startJob(owner, body)).id);
}

async function keysOf(owner: StackOwner): Promise<Array<Record<string, any>>> {
  const rows = await stack
    .db()
    .query(`SELECT id, key, status, note, level, duration_type, extra_days FROM licenses WHERE app_id = $1`, [
      owner.appId,
    ]);
  return rows.rows;
}

async function usersOf(owner: StackOwner): Promise<Array<Record<string, any>>> {
  const rows = await stack
    .db()
    .query(`SELECT id, username, hwid, banned, ban_reason, expires_at FROM users WHERE app_id = $1 ORDER BY username`, [
      owner.appId,
    ]);
  return rows.rows;
}

async function generate(owner: StackOwner, count: number, fields: Record<string, unknown> = {}) {
  return stack.licenseKeys(owner, { count, ...fields });
}

async function createUser(owner: StackOwner, username: string, fields: Record<string, unknown> = {}) {
  const res = await stack.http('POST', `/v1/admin/apps/${owner.appId}/users`, {
    token: owner.token,
    body: { username, password: 'hunter22', ...fields },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** Waits until a statement of this stack's database waits for a lock (the job blocked on the spec's row lock). */
async function jobBlocked(): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await stack
        .db()
        .query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
      return rows[0].n > 0;
    },
    { what: 'the job to wait for the locked row' },
  );
}

/** Locks the row `id` of `table` in a transaction of its own until `release` is called. */
async function lockRow(table: 'licenses' | 'users', id: string) {
  const client: pg.PoolClient = await stack.db().connect();
  await client.query('BEGIN');
  await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  return {
    release: async () => {
      await client.query('COMMIT');
      client.release();
    },
  };
}

/**
 * Inserts the key `key` into the app in a transaction of its own, left open until `release`: an import's
 * batch that stores the same key waits for it (the unique index's conflict check), and `release` rolls it
 * back, so the import stores the key itself.
 */
async function holdKey(owner: StackOwner, key: string) {
  const client: pg.PoolClient = await stack.db().connect();
  await client.query('BEGIN');
  await client.query(`INSERT INTO licenses (app_id, key, duration_type) VALUES ($1, $2, '30d')`, [owner.appId, key]);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      client.release();
    },
  };
}

/** A CSV of the keys IMPORT-<tag>-00001 to IMPORT-<tag>-<count>, one a line after the header (key n on line n + 1). */
function importCsv(tag: string, count: number, extra: Record<number, string> = {}): string {
  const lines = ['key,level,duration,note'];
  for (let n = 1; n <= count; n += 1) lines.push(extra[n] ?? `${importKey(tag, n)},1,30d,row ${n}`);
  return `${lines.join('\n')}\n`;
}

function importKey(tag: string, n: number): string {
  return `IMPORT-${tag}-${String(n).padStart(5, '0')}`;
}

async function startImport(owner: StackOwner, csv: string) {
  const res = await send(stack.api.url, 'POST', `${jobs(owner)}/import`, owner.token, uploadForm(Buffer.from(csv)));
  expect(res.status).toBe(201);
  return (res.body as any).data as { id: string; status: string; total: number };
}

async function importRowsLeft(jobId: string): Promise<number> {
  const { rows } = await stack.db().query(`SELECT count(*)::int AS n FROM job_import_rows WHERE job_id = $1`, [jobId]);
  return rows[0].n;
}

async function importedKeys(owner: StackOwner): Promise<string[]> {
  return (await keysOf(owner)).map((k) => k.key).sort();
}

describe('key jobs', () => {
  it('delete keys by status, note and creator; another app and other keys stay', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    await generate(owner, 25, { note: 'Spring PROMO batch' });
    await generate(owner, 3, { note: 'partner' });
    const [used] = await generate(owner, 1, { note: 'spring promo used' });
    expect((await stack.client(owner, { type: 'license', licenseKey: used })).status).toBe(200);
    await generate(other, 5, { note: 'spring promo' });

    const done = await runJob(owner, { type: 'licenses.delete', filter: { status: 'UNUSED', note: 'promo' } });
    expect(done).toMatchObject({
      status: 'succeeded',
      done: 25,
      total: 25,
      errorCount: 0,
      finishedAt: expect.any(String),
    });
    const left = await keysOf(owner);
    expect(left.map((k) => k.note).sort()).toEqual(['partner', 'partner', 'partner', 'spring promo used']);
    expect(await keysOf(other)).toHaveLength(5);

    // A creator the app's keys do not have deletes nothing.
    const none = await runJob(owner, {
      type: 'licenses.delete',
      filter: { createdBy: '00000000-0000-4000-8000-000000000000' },
    });
    expect(none).toMatchObject({ status: 'succeeded', done: 0, total: 0 });
    expect(await keysOf(owner)).toHaveLength(4);
  }, 60_000);

  it('deleting banned keys ends their users’ sessions', async () => {
    const owner = await stack.ownerWithApp();
    const [key] = await generate(owner, 1);
    await generate(owner, 2);
    const login = await stack.client(owner, { type: 'license', licenseKey: key });
    const licenseId = (await keysOf(owner)).find((k) => k.key === key)!.id;
    const ban = await stack.http('POST', `/v1/admin/apps/${owner.appId}/licenses/${licenseId}/ban`, {
      token: owner.token,
      body: {},
    });
    expect(ban.status).toBe(200);
    expect(await runJob(owner, { type: 'licenses.delete', filter: { status: 'BANNED' } })).toMatchObject({ done: 1 });
    expect((await keysOf(owner)).map((k) => k.status)).toEqual(['UNUSED', 'UNUSED']);
    const check = await stack.client(owner, { type: 'check', sessionToken: login.body.data.sessionToken });
    expect(check.status).toBe(401);
  }, 60_000);

  it('adds time to unused keys only, counted at first use', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const unused = await generate(owner, 12, { durationType: '30d' });
    await generate(owner, 1, { durationType: 'lifetime' });
    const [used] = await generate(owner, 1, { durationType: '30d' });
    await stack.client(owner, { type: 'license', licenseKey: used });
    await generate(other, 2);

    expect(await runJob(owner, { type: 'licenses.add-time', params: { days: 5 } })).toMatchObject({
      status: 'succeeded',
      done: 12,
      total: 12,
    });
    const byKey = new Map((await keysOf(owner)).map((k) => [k.key, k]));
    for (const key of unused) expect(byKey.get(key)!.extra_days).toBe(5);
    expect([...byKey.values()].filter((k) => k.extra_days === 0)).toHaveLength(2);
    expect((await keysOf(other)).map((k) => k.extra_days)).toEqual([0, 0]);

    const before = Date.now();
    const first = await stack.client(owner, { type: 'license', licenseKey: unused[0] });
    const expiresAt = Date.parse(first.body.data.user.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 35 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 35 * DAY_MS);
  }, 60_000);

  it('imports keys from a CSV: checked per row, duplicates skipped and counted', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const [existing] = await generate(owner, 1);
    const [othersKey] = await generate(other, 1);
    const csv = [
      'Key,Level,Duration,Note,extra',
      'IMPORT-AAAAA-00001,5,30d,first,x',
      'IMPORT-AAAAA-00002,,lifetime,',
      `${existing},1,1d,already here`,
      'IMPORT-AAAAA-00001,2,7d,again in the file',
      'bad key!,1,30d,',
      'IMPORT-AAAAA-00003,1001,30d,',
      'IMPORT-AAAAA-00004,1,2y,',
      '"IMPORT-AAAAA-00005",0,"1h","with, a comma"',
      `${othersKey},3,90d,another app has it`,
      '',
    ].join('\r\n');
    const res = await send(stack.api.url, 'POST', `${jobs(owner)}/import`, owner.token, uploadForm(Buffer.from(csv)));
    expect(res.status).toBe(201);
    const data = (res.body as any).data;
    expect(data).toMatchObject({ type: 'licenses.import', total: 9 });

    const done = await ended(owner, data.id);
    expect(done).toMatchObject({ status: 'succeeded', done: 9, total: 9, skipped: 2, errorCount: 3 });
    expect(done.errors).toEqual([
      { line: 6, key: 'bad key!', message: 'key must be 1-64 characters of A-Z, a-z, 0-9 and -' },
      { line: 7, key: 'IMPORT-AAAAA-00003', message: 'level must be between 0 and 1000' },
      {
        line: 8,
        key: 'IMPORT-AAAAA-00004',
        message: 'duration must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime',
      },
    ]);
    const keys = new Map((await keysOf(owner)).map((k) => [k.key, k]));
    expect(keys.size).toBe(5);
    expect(keys.get('IMPORT-AAAAA-00001')).toMatchObject({
      level: 5,
      duration_type: '30d',
      note: 'first',
      status: 'UNUSED',
    });
    expect(keys.get('IMPORT-AAAAA-00002')).toMatchObject({ level: 1, duration_type: 'lifetime', note: null });
    expect(keys.get('IMPORT-AAAAA-00005')).toMatchObject({ level: 0, duration_type: '1h', note: 'with, a comma' });
    expect(keys.get(othersKey)).toMatchObject({ level: 3, duration_type: '90d' });
    expect(await keysOf(other)).toHaveLength(1);
    const { rows } = await stack
      .db()
      .query(`SELECT count(*)::int AS n FROM job_import_rows WHERE job_id = $1`, [data.id]);
    expect(rows[0].n).toBe(0);
  }, 60_000);

  it('refuses a row with a NUL in any column, or a note that is not UTF-8, with its reason (issue 37)', async () => {
    const owner = await stack.ownerWithApp();
    // PostgreSQL's text holds no NUL: it answered 500 for the whole upload.
    const csv = Buffer.concat([
      Buffer.from('key,level,duration,note\n'),
      Buffer.from('NUL-KEY-\u00001,1,30d,in the key\n'),
      Buffer.from('NUL-LEVEL-2,1\u0000,30d,in the level\n'),
      Buffer.from('NUL-DURATION-3,1,30d\u0000,in the duration\n'),
      Buffer.from('NUL-NOTE-4,1,30d,in\u0000the note\n'),
      Buffer.from('LATIN1-NOTE-5,1,30d,caf'),
      Buffer.from([0xe9]), // é in Latin-1: not UTF-8
      Buffer.from('\nGOOD-KEY-6,2,7d,fine\nGOOD-KEY-7,,30d,\n'),
    ]);
    const res = await send(stack.api.url, 'POST', `${jobs(owner)}/import`, owner.token, uploadForm(csv));
    expect(res.status).toBe(201);
    const done = await ended(owner, (res.body as any).data.id);
    expect(done).toMatchObject({ status: 'succeeded', done: 7, total: 7, errorCount: 5 });
    expect(done.errors).toEqual([
      { line: 2, key: 'NUL-KEY-\uFFFD1', message: 'key must be 1-64 characters of A-Z, a-z, 0-9 and -' },
      { line: 3, key: 'NUL-LEVEL-2', message: 'level must be between 0 and 1000' },
      {
        line: 4,
        key: 'NUL-DURATION-3',
        message: 'duration must be one of 1h, 1d, 7d, 30d, 90d, 365d, lifetime',
      },
      { line: 5, key: 'NUL-NOTE-4', message: 'note holds a NUL character or bytes that are not UTF-8' },
      { line: 6, key: 'LATIN1-NOTE-5', message: 'note holds a NUL character or bytes that are not UTF-8' },
    ]);
    const keys = (await keysOf(owner)).map((k) => [k.key, k.level, k.duration_type, k.note]).sort();
    expect(keys).toEqual([
      ['GOOD-KEY-6', 2, '7d', 'fine'],
      ['GOOD-KEY-7', 1, '30d', null],
    ]);
  }, 60_000);

  it('takes a batch by the primary key within its bounds, with or without the table analyzed', async () => {
    const owner = await stack.ownerWithApp();
    const pool = stack.db();
    const { rows: created } = await pool.query(
      `INSERT INTO jobs (app_id, type, created_by_email, status) VALUES ($1, 'licenses.import', 'spec@example.com', 'cancelled')
       RETURNING id`,
      [owner.appId],
    );
    const jobId = created[0].id as string;
    await pool.query(
      `INSERT INTO job_import_rows (job_id, line, key, duration)
       SELECT $1, line, 'KEY-' || line, '30d' FROM generate_series(2, 20001) line`,
      [jobId],
    );
    // The rows of the first half are taken, as they would be by the batches before.
    await pool.query(`DELETE FROM job_import_rows WHERE job_id = $1 AND line <= 10001`, [jobId]);
    const scanOfTheBatch = async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${TAKE_IMPORT_ROWS}`, [jobId, 10001, 1000]);
        await client.query('ROLLBACK');
        return rows[0]['QUERY PLAN'][0].Plan.Plans.find((node: { 'Parent Relationship': string }) =>
          ['Outer', 'Member'].includes(node['Parent Relationship']),
        );
      } finally {
        client.release();
      }
    };
    for (const analyzed of [false, true]) {
      if (analyzed) await pool.query('ANALYZE job_import_rows');
      const scan = await scanOfTheBatch();
      expect(scan['Node Type']).toBe('Index Scan');
      expect(scan['Index Cond']).toMatch(/line >= \$\d+\).*line < \(\$\d+ \+ 1000\)/);
    }
    const { rows: taken } = await pool.query(TAKE_IMPORT_ROWS, [jobId, 10001, 1000]);
    expect(taken.map((row: { line: number }) => row.line).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 1000 }, (_, i) => 10002 + i),
    );
    await pool.query(`DELETE FROM jobs WHERE id = $1`, [jobId]);
  }, 60_000);

  it('imports in batches of lines: empty lines longer than a batch and multi-line cells are gone through', async () => {
    const owner = await stack.ownerWithApp();
    // Batches of 10 lines: 25 empty lines sit between rows 3 and 4, and row 5's note spans three lines.
    const csv = [
      'key,level,duration,note',
      `${importKey('GAPS', 1)},1,30d,`,
      `${importKey('GAPS', 2)},1,30d,`,
      `${importKey('GAPS', 3)},1,30d,`,
      ...Array(25).fill(''),
      `${importKey('GAPS', 4)},2,7d,after the gap`,
      `${importKey('GAPS', 5)},3,1d,"one`,
      'two',
      `three"`,
      `${importKey('GAPS', 6)},1,30d,last`,
      '',
    ].join('\n');
    const started = await startImport(owner, csv);
    expect(started.total).toBe(6);
    const done = await ended(owner, started.id);
    expect(done).toMatchObject({ status: 'succeeded', done: 6, total: 6, skipped: 0, errorCount: 0 });
    expect(await importedKeys(owner)).toEqual([1, 2, 3, 4, 5, 6].map((n) => importKey('GAPS', n)));
    expect((await keysOf(owner)).find((k) => k.key === importKey('GAPS', 5))).toMatchObject({
      note: 'one\ntwo\nthree',
      level: 3,
    });
    expect(await importRowsLeft(started.id)).toBe(0);
  }, 60_000);
});

describe('user jobs', () => {
  it('extends every active user by N days: lifetime, expired and banned users stay as they are', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const soon = new Date(Date.now() + 10 * DAY_MS).toISOString();
    for (let i = 0; i < 12; i += 1)
      await createUser(owner, `active_${String(i).padStart(2, '0')}`, { expiresAt: soon });
    await createUser(owner, 'lifetime_user');
    const banned = await createUser(owner, 'zz_banned', { expiresAt: soon });
    await stack.http('POST', `/v1/admin/apps/${owner.appId}/users/${banned.userId}/ban`, {
      token: owner.token,
      body: {},
    });
    await createUser(other, 'active_other', { expiresAt: soon });
    const before = new Map((await usersOf(owner)).map((u) => [u.username, u.expires_at?.getTime() ?? null]));

    expect(await runJob(owner, { type: 'users.extend', params: { days: 3 } })).toMatchObject({ done: 12, total: 12 });
    for (const user of await usersOf(owner)) {
      const was = before.get(user.username)!;
      const expected = user.username.startsWith('active_') ? was + 3 * DAY_MS : was;
      expect(user.expires_at?.getTime() ?? null).toBe(expected);
    }
    expect((await usersOf(other))[0].expires_at.toISOString()).toBe(soon);
  }, 60_000);

  it('resets every HWID, bans by username search (ending sessions), and unbans', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const keys = await generate(owner, 3);
    const sessions = [];
    for (const [i, key] of keys.entries()) {
      sessions.push((await stack.client(owner, { type: 'license', licenseKey: key, hwid: `hw-${i}` })).body.data);
    }
    const [otherKey] = await generate(other, 1);
    await stack.client(other, { type: 'license', licenseKey: otherKey, hwid: 'hw-other' });

    expect(await runJob(owner, { type: 'users.reset-hwid' })).toMatchObject({ done: 3 });
    expect((await usersOf(owner)).map((u) => u.hwid)).toEqual([null, null, null]);
    expect((await usersOf(other)).map((u) => u.hwid)).toEqual(['hw-other']);

    // The implicit users are named after their keys: search by part of one key.
    const target = keys[0]!.slice(-5).toLowerCase();
    const ban = await runJob(owner, {
      type: 'users.ban',
      filter: { search: target },
      params: { reason: 'chargeback' },
    });
    expect(ban).toMatchObject({ done: 1, params: { reason: 'chargeback' } });
    const users = await usersOf(owner);
    expect(users.filter((u) => u.banned).map((u) => [u.username, u.ban_reason])).toEqual([[keys[0], 'chargeback']]);
    const checks = await Promise.all(
      sessions.map((s) => stack.client(owner, { type: 'check', sessionToken: s.sessionToken })),
    );
    expect(checks.map((c) => c.status)).toEqual([401, 200, 200]);

    expect(await runJob(owner, { type: 'users.unban' })).toMatchObject({ done: 1 });
    expect((await usersOf(owner)).filter((u) => u.banned)).toEqual([]);
  }, 60_000);
});

describe('the job resource', () => {
  it('lists the app’s jobs newest first, audits each as one entry when it ends, and hides them from other owners', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    await generate(owner, 15);
    const first = await runJob(owner, { type: 'licenses.add-time', params: { days: 1 } });
    const second = await runJob(owner, { type: 'licenses.delete' });
    const list = await stack.http('GET', `${jobs(owner)}?limit=1`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(list.body.data.map((j: { id: string }) => j.id)).toEqual([second.id]);
    expect(second).toMatchObject({
      createdBy: { email: owner.email, accountId: expect.any(String) },
      startedAt: expect.any(String),
    });

    const logs = await stack.http('GET', `/v1/admin/apps/${owner.appId}/logs?type=admin.job`, { token: owner.token });
    expect(logs.body.data.map((e: { type: string; details: any }) => [e.type, e.details.done])).toEqual([
      ['admin.job.licenses.delete', 15],
      ['admin.job.licenses.add-time', 15],
    ]);
    expect(first.id).not.toBe(second.id);

    for (const [method, path] of [
      ['GET', `${jobs(other)}/${first.id}`],
      ['POST', `${jobs(other)}/${first.id}/cancel`],
      ['GET', `${jobs(owner)}/not-a-uuid`],
      ['GET', `${jobs(owner)}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const res = await stack.http(method, path, { token: other.token });
      expect(res.status).toBe(404);
    }
    const foreignApp = await stack.http('GET', jobs(owner), { token: other.token });
    expect(foreignApp.status).toBe(404);
  }, 60_000);

  it('refuses bad input with 400 naming the field', async () => {
    const owner = await stack.ownerWithApp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'licenses.wipe' }, 'type'],
      [{ type: 'licenses.import' }, 'type'],
      [{ type: 'users.extend' }, 'params.days'],
      [{ type: 'users.extend', params: { days: 0 } }, 'params.days'],
      [{ type: 'licenses.add-time', params: { days: 36_501 } }, 'params.days'],
      [{ type: 'licenses.delete', filter: { status: 'GONE' } }, 'filter.status'],
      [{ type: 'licenses.delete', filter: { createdBy: 'me' } }, 'filter.createdBy'],
      [{ type: 'users.ban', filter: { search: '' } }, 'filter.search'],
      [{ type: 'users.ban', params: { reason: 'x'.repeat(501) } }, 'params.reason'],
      [{ type: 'users.ban', filter: 'everyone' }, 'filter'],
    ];
    for (const [body, field] of cases) {
      const res = await stack.http('POST', jobs(owner), { token: owner.token, body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION' });
      expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const noFile = await send(
      stack.api.url,
      'POST',
      `${jobs(owner)}/import`,
      owner.token,
      (() => {
        const form = new FormData();
        form.append('name', 'x');
        return form;
      })(),
    );
    expect(noFile.status).toBe(400);
    const badHeader = await send(
      stack.api.url,
      'POST',
      `${jobs(owner)}/import`,
      owner.token,
      uploadForm(Buffer.from('license,days\r\nA,1\r\n')),
    );
    expect(badHeader.status).toBe(400);
    expect((badHeader.body as any).message).toBe(
      'The first line must name the columns: key and duration, optionally level and note',
    );
    const json = await stack.http('POST', `${jobs(owner)}/import`, { token: owner.token, body: {} });
    expect(json.status).toBe(415);
    expect((await stack.http('GET', jobs(owner), { token: owner.token })).body.meta.total).toBe(0);
  }, 60_000);

  it('cancels a running job between batches: what committed stays, nothing after it is done', async () => {
    const owner = await stack.ownerWithApp();
    await generate(owner, 50);
    const ids = (await keysOf(owner)).map((k) => k.id).sort();
    // The second batch (ids 11-20) waits on the 15th key while the spec holds it.
    const lock = await lockRow('licenses', ids[14]!);
    const started = await startJob(owner, { type: 'licenses.delete' });
    await jobBlocked();
    const cancel = await stack.http('POST', `${jobs(owner)}/${started.id}/cancel`, { token: owner.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'running', cancelRequested: true, done: 10, total: 50 });
    await lock.release();

    const done = await ended(owner, started.id);
    expect(done).toMatchObject({ status: 'cancelled', done: 20, total: 50 });
    expect((await keysOf(owner)).map((k) => k.id).sort()).toEqual(ids.slice(20));
    // A finished job is answered as it is.
    const again = await stack.http('POST', `${jobs(owner)}/${started.id}/cancel`, { token: owner.token });
    expect(again.body.data).toMatchObject({ status: 'cancelled', done: 20 });
  }, 60_000);

  it('audits a cancel as the change of the member who asked for it; the job stays its creator’s', async () => {
    const owner = await stack.ownerWithApp();
    const manager = await stack.memberOf(owner, 'manager');
    await generate(owner, 30);
    const ids = (await keysOf(owner)).map((k) => k.id).sort();
    // The second batch waits on the 15th key while the spec holds it, so the job is still running.
    const lock = await lockRow('licenses', ids[14]!);
    const started = await startJob(owner, { type: 'licenses.delete' });
    await jobBlocked();
    const cancel = await stack.http('POST', `${jobs(owner)}/${started.id}/cancel`, { token: manager.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ cancelRequested: true, createdBy: { email: owner.email } });
    // Asking again changes nothing, so it records nothing.
    const again = await stack.http('POST', `${jobs(owner)}/${started.id}/cancel`, { token: owner.token });
    expect(again.body.data).toMatchObject({ status: 'running', cancelRequested: true });
    await lock.release();
    expect(await ended(owner, started.id)).toMatchObject({ status: 'cancelled', done: 20 });

    const logs = async (query: string) =>
      (await stack.http('GET', `/v1/admin/apps/${owner.appId}/logs?${query}`, { token: owner.token })).body.data;
    const byManager = await logs(`actorId=${manager.accountId}&type=admin.job`);
    expect(byManager).toEqual([
      expect.objectContaining({
        type: 'admin.job.cancel',
        actor: manager.email,
        actorId: manager.accountId,
        ip: expect.any(String),
        details: {
          jobId: started.id,
          jobType: 'licenses.delete',
          status: 'running',
          createdBy: { accountId: owner.accountId, email: owner.email },
        },
      }),
    ]);
    const jobEntries = await logs('type=admin.job');
    expect(jobEntries.map((e: Record<string, any>) => [e.type, e.actorId, e.details.status])).toEqual([
      ['admin.job.licenses.delete', owner.accountId, 'cancelled'],
      ['admin.job.cancel', manager.accountId, 'running'],
    ]);
  }, 60_000);

  it('cancels an import between batches: the rows of committed batches are stored, the rest dropped', async () => {
    const owner = await stack.ownerWithApp();
    // 40 rows in batches of 10; the second batch (rows 11-20) waits on row 15's key, which the spec holds.
    const held = await holdKey(owner, importKey('CANCEL', 15));
    const started = await startImport(owner, importCsv('CANCEL', 40));
    await jobBlocked();
    const cancel = await stack.http('POST', `${jobs(owner)}/${started.id}/cancel`, { token: owner.token });
    expect(cancel.body.data).toMatchObject({ status: 'running', cancelRequested: true, done: 10, total: 40 });
    await held.release();

    const done = await ended(owner, started.id);
    expect(done).toMatchObject({ status: 'cancelled', done: 20, total: 40, skipped: 0, errorCount: 0 });
    expect(await importedKeys(owner)).toEqual(Array.from({ length: 20 }, (_, i) => importKey('CANCEL', i + 1)));
    expect(await importRowsLeft(started.id)).toBe(0);
  }, 60_000);
});

describe('two jobs on one app', () => {
  it('run side by side on two workers without losing either one’s change', async () => {
    await stack.startWorker(1);
    try {
      const owner = await stack.ownerWithApp();
      await generate(owner, 40);
      const [first, second] = await Promise.all([
        startJob(owner, { type: 'licenses.add-time', params: { days: 3 } }),
        startJob(owner, { type: 'licenses.add-time', params: { days: 4 } }),
      ]);
      expect(await ended(owner, first!.id)).toMatchObject({ status: 'succeeded', done: 40 });
      expect(await ended(owner, second!.id)).toMatchObject({ status: 'succeeded', done: 40 });
      expect((await keysOf(owner)).map((k) => k.extra_days)).toEqual(Array(40).fill(7));
    } finally {
      await stack.workers[1]!.stop();
    }
  }, 60_000);
});

describe('a worker killed mid-job', () => {
  it('resumes from the last committed batch: every key gets its added time exactly once', async () => {
    const owner = await stack.ownerWithApp();
    await generate(owner, 60);
    const ids = (await keysOf(owner)).map((k) => k.id).sort();
    // The third batch (ids 21-30) waits on the 25th key; the worker is killed while it waits.
    const lock = await lockRow('licenses', ids[24]!);
    const started = await startJob(owner, { type: 'licenses.add-time', params: { days: 7 } });
    await jobBlocked();
    await stack.killWorker();
    await lock.release();
    const halfway = await job(owner, started.id);
    expect(halfway).toMatchObject({ status: 'running', done: 20, total: 60 });
    const counts = (await keysOf(owner)).map((k) => k.extra_days);
    expect(counts.filter((d) => d === 7)).toHaveLength(20);
    expect(counts.filter((d) => d === 0)).toHaveLength(40);

    await stack.startWorker();
    const done = await ended(owner, started.id, 90_000);
    expect(done).toMatchObject({ status: 'succeeded', done: 60, total: 60 });
    expect((await keysOf(owner)).map((k) => k.extra_days)).toEqual(Array(60).fill(7));
    const logs = await stack.http('GET', `/v1/admin/apps/${owner.appId}/logs?type=admin.job`, { token: owner.token });
    expect(logs.body.data).toHaveLength(1);
  }, 120_000);

  it('resumes an import from the last committed batch: no row stored or counted twice, errors kept with their lines', async () => {
    const owner = await stack.ownerWithApp();
    // 30 rows in batches of 10 with a bad row in the first and the third; the third (rows 21-30) waits on
    // row 25's key, which the spec holds, and the worker is killed while it waits.
    const csv = importCsv('KILL', 30, { 4: 'bad key!,1,30d,', 27: `${importKey('KILL', 27)},1,2y,` });
    const held = await holdKey(owner, importKey('KILL', 25));
    const started = await startImport(owner, csv);
    await jobBlocked();
    await stack.killWorker();
    await held.release();
    const halfway = await job(owner, started.id);
    expect(halfway).toMatchObject({ status: 'running', done: 20, total: 30, errorCount: 1 });
    expect(await importedKeys(owner)).toHaveLength(19);
    expect(await importRowsLeft(started.id)).toBe(10);

    await stack.startWorker();
    const done = await ended(owner, started.id, 90_000);
    expect(done).toMatchObject({ status: 'succeeded', done: 30, total: 30, skipped: 0, errorCount: 2 });
    expect(done.errors.map((e: { line: number }) => e.line)).toEqual([5, 28]);
    const stored = Array.from({ length: 30 }, (_, i) => importKey('KILL', i + 1)).filter(
      (key) => key !== importKey('KILL', 4) && key !== importKey('KILL', 27),
    );
    expect(await importedKeys(owner)).toEqual(stored);
    expect(await importRowsLeft(started.id)).toBe(0);
    const logs = await stack.http('GET', `/v1/admin/apps/${owner.appId}/logs?type=admin.job`, { token: owner.token });
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0].details).toMatchObject({ done: 30, total: 30, skipped: 0, errorCount: 2 });
  }, 120_000);
});
