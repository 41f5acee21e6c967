import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { startApi, type RunningApi } from '../../../scripts/test-service.mjs';
import {
  answer,
  decryptDownload,
  download,
  measureRssGrowth,
  mib,
  rawX25519,
  reportFigure,
  send,
  sha256Hex,
  uploadForm,
} from './support/files.js';
import { eventually } from './support/eventually.js';
import { WebhookReceiver, WebhookStack, type StackOwner } from './support/webhook-receiver.js';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MiB = 1024 * 1024;

/**
 * The PostgreSQL store, on an API and worker of their own (webhooks), plus a
 * second API on the same database with a 1 MiB upload limit, 1 s links and no
 * cache of recent contents: any process serves links another handed out.
 */
let stack: WebhookStack;
let limited: RunningApi;
let receiver: WebhookReceiver;
/** What the API process logged, to check what a failure leaves in the log (and what it must not). */
let apiLog = '';

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  stack = await WebhookStack.start('files', { WEBHOOK_RETRY_DELAYS: '300' });
  stack.api.child.stdout!.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  limited = await startApi({
    ...stack.env,
    FILE_MAX_BYTES: String(MiB),
    FILE_LINK_TTL_SECONDS: '1',
    FILE_CACHE_BYTES: '0',
  });
}, 120_000);

afterAll(async () => {
  await limited?.stop();
  await stack?.stop();
  await receiver?.close();
}, 60_000);

const filesPath = (owner: StackOwner, rest = '') => `/v1/admin/apps/${owner.appId}/files${rest}`;

function admin(owner: StackOwner, method: string, rest = '', body?: FormData | object, baseUrl = stack.api.url) {
  return send(baseUrl, method, filesPath(owner, rest), owner.token, body);
}

async function upload(owner: StackOwner, content: Buffer, fields: Record<string, string> = {}, filename?: string) {
  const res = await admin(owner, 'POST', '', uploadForm(content, fields, filename));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { fileId: string; name: string; size: number; sha256: string; minLevel: number };
}

async function contentIdOf(fileId: string): Promise<string> {
  const { rows } = await stack.db().query('SELECT content_id FROM files WHERE id = $1', [fileId]);
  return rows[0].content_id;
}

async function storedChunks(contentId: string): Promise<Buffer[]> {
  const { rows } = await stack
    .db()
    .query('SELECT data FROM file_chunks WHERE content_id = $1 ORDER BY index', [contentId]);
  return rows.map((row: { data: Buffer }) => row.data);
}

describe('uploading', () => {
  it('streams a file in: 201 with size, SHA-256, level and no downloads; listed and readable', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(3 * MiB + 123);
    const res = await admin(owner, 'POST', '', uploadForm(content, { name: 'Loader v2', minLevel: '2' }));
    expect(res.status).toBe(201);
    const file = {
      fileId: expect.stringMatching(UUID),
      name: 'Loader v2',
      size: content.length,
      sha256: sha256Hex(content),
      minLevel: 2,
      downloads: 0,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      portalOffered: false,
    };
    expect(res.body).toEqual({ success: true, data: file });

    const list = await admin(owner, 'GET');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ success: true, data: [res.body.data], meta: { page: 1, limit: 25, total: 1 } });
    expect((await admin(owner, 'GET', `/${res.body.data.fileId}`)).body).toEqual({ success: true, data: file });
  });

  it('names the file after the uploaded one and gives level 0 when the fields are absent', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.from('x'), {}, 'setup (x64).exe');
    expect(file).toMatchObject({ name: 'setup (x64).exe', minLevel: 0, size: 1 });
  });

  it('takes fields sent after the file too', async () => {
    const owner = await stack.ownerWithApp();
    const form = uploadForm(Buffer.from('late fields'));
    form.append('name', 'late.txt');
    form.append('minLevel', '7');
    const res = await admin(owner, 'POST', '', form);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'late.txt', minLevel: 7 });
  });

  it('keeps an empty file', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.alloc(0), { name: 'empty' });
    expect(file).toMatchObject({ size: 0, sha256: sha256Hex(Buffer.alloc(0)) });
  });

  it('stores only ciphertext, in records of at most 1 MiB, under a wrapped key of its own', async () => {
    const owner = await stack.ownerWithApp();
    const marker = Buffer.from('PLAINTEXT-MARKER-'.repeat(4096));
    const a = await upload(owner, Buffer.concat([marker, marker, marker]));
    const b = await upload(owner, Buffer.concat([marker, marker, marker]));
    const chunks = await storedChunks(await contentIdOf(a.fileId));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(MiB);
      expect(chunk.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    }
    // Same plaintext, different data keys: different ciphertext.
    expect((await storedChunks(await contentIdOf(b.fileId)))[0]).not.toEqual(chunks[0]);
    const { rows } = await stack
      .db()
      .query('SELECT wrapped_key FROM file_contents WHERE id = ANY($1::uuid[])', [
        [await contentIdOf(a.fileId), await contentIdOf(b.fileId)],
      ]);
    expect(rows).toHaveLength(2);
    // iv + tag + the 32-byte key, sealed under MASTER_KEY.
    for (const row of rows) expect(row.wrapped_key).toHaveLength(12 + 16 + 32);
    expect(rows[0].wrapped_key).not.toEqual(rows[1].wrapped_key);
  });

  it.each([
    [{ name: '' }, 'name must be 1-128 characters'],
    [{ name: 'x'.repeat(129) }, 'name must be 1-128 characters'],
    [{ name: 'a\u0000b' }, 'name must not contain control characters'],
    [{ name: 'bad\nname' }, 'name must not contain control characters'],
    [{ minLevel: '-1' }, 'minLevel must be between 0 and 1000'],
    [{ minLevel: '1001' }, 'minLevel must be between 0 and 1000'],
    [{ minLevel: 'two' }, 'minLevel must be an integer'],
  ])('refuses the fields %j: 400 %s, and keeps nothing', async (fields, message) => {
    const owner = await stack.ownerWithApp();
    const res = await admin(owner, 'POST', '', uploadForm(randomBytes(1000), fields));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'VALIDATION',
      message,
      errors: [message],
      fields: [{ field: Object.keys(fields)[0], message }],
    });
    const { rows } = await stack
      .db()
      .query('SELECT count(*)::int AS n FROM file_contents WHERE app_id = $1', [owner.appId]);
    expect(rows[0].n).toBe(0);
  });

  it('needs a file part, and multipart', async () => {
    const owner = await stack.ownerWithApp();
    const form = new FormData();
    form.append('name', 'nothing');
    expect(answer(await admin(owner, 'POST', '', form))).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: 'file is required',
        errors: ['file is required'],
        fields: [{ field: 'file', message: 'file is required' }],
      },
    });
    expect(answer(await admin(owner, 'POST', '', { name: 'json' }))).toEqual({
      status: 415,
      body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be multipart/form-data' },
    });
    const malformed = await fetch(stack.api.url + filesPath(owner), {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nno end',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers 401 without a token and 404 for another owner’s app, before reading the body', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const anonymous = await fetch(stack.api.url + filesPath(owner), {
      method: 'POST',
      body: uploadForm(randomBytes(10)),
    });
    expect(anonymous.status).toBe(401);
    const foreign = await send(stack.api.url, 'POST', filesPath(owner), other.token, uploadForm(randomBytes(10)));
    expect(answer(foreign)).toEqual({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } });
    for (const rest of ['', '/00000000-0000-0000-0000-000000000000']) {
      expect((await send(stack.api.url, 'GET', filesPath(owner, rest), other.token)).status).toBe(404);
    }
  });
});

describe('the size limit (FILE_MAX_BYTES)', () => {
  it('takes a file of exactly the limit', async () => {
    const owner = await stack.ownerWithApp();
    const res = await admin(owner, 'POST', '', uploadForm(randomBytes(MiB)), limited.url);
    expect(res.status).toBe(201);
    expect(res.body.data.size).toBe(MiB);
  });

  it.each([
    ['one byte over, found while streaming', MiB + 1],
    ['far over, refused from Content-Length', 3 * MiB],
  ])('answers 413 for a file %s, and keeps nothing', async (_how, size) => {
    const owner = await stack.ownerWithApp();
    const res = await admin(owner, 'POST', '', uploadForm(randomBytes(size)), limited.url);
    expect(answer(res)).toEqual({
      status: 413,
      body: { success: false, code: 'PAYLOAD_TOO_LARGE', message: `File is too large: the limit is ${MiB} bytes` },
    });
    const { rows } = await stack
      .db()
      .query('SELECT count(*)::int AS n FROM file_contents WHERE app_id = $1', [owner.appId]);
    expect(rows[0].n).toBe(0);
    expect((await admin(owner, 'GET')).body.meta.total).toBe(0);
  });
});

describe('changing files', () => {
  it('renames and changes the level; the rest stays', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.from('abc'), { name: 'old' });
    const res = await admin(owner, 'PATCH', `/${file.fileId}`, { name: 'new name ✓', minLevel: 5 });
    expect(res.status).toBe(200);
    const { updatedAt, ...unchanged } = file as typeof file & { updatedAt: string };
    expect(res.body.data).toMatchObject({ ...unchanged, name: 'new name ✓', minLevel: 5 });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updatedAt));
    const levelOnly = await admin(owner, 'PATCH', `/${file.fileId}`, { minLevel: 0 });
    expect(levelOnly.body.data).toMatchObject({ name: 'new name ✓', minLevel: 0 });
  });

  it.each([
    [{ name: '' }, 'name must be 1-128 characters'],
    [{ name: 5 }, 'name must be a string'],
    [{ minLevel: 1.5 }, 'minLevel must be an integer'],
    [{ minLevel: 2000 }, 'minLevel must be between 0 and 1000'],
  ])('refuses %j with 400', async (body, message) => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.from('abc'));
    const res = await admin(owner, 'PATCH', `/${file.fileId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('replaces the content: new size and hash, the old content removed from storage', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(2 * MiB), { name: 'tool', minLevel: '3' });
    const oldContent = await contentIdOf(file.fileId);
    const next = randomBytes(12_345);
    const res = await admin(owner, 'PUT', `/${file.fileId}/content`, uploadForm(next));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fileId: file.fileId,
      name: 'tool',
      minLevel: 3,
      size: next.length,
      sha256: sha256Hex(next),
    });
    expect(await contentIdOf(file.fileId)).not.toBe(oldContent);
    expect(await storedChunks(oldContent)).toEqual([]);
    const { rows } = await stack.db().query('SELECT 1 FROM file_contents WHERE id = $1', [oldContent]);
    expect(rows).toHaveLength(0);
  });

  it('replacing needs the file to exist (404) and a file part (400, the content unchanged)', async () => {
    const owner = await stack.ownerWithApp();
    const missing = await admin(
      owner,
      'PUT',
      '/00000000-0000-0000-0000-000000000000/content',
      uploadForm(randomBytes(5)),
    );
    expect(missing.status).toBe(404);
    const file = await upload(owner, Buffer.from('keep me'));
    const form = new FormData();
    form.append('name', 'ignored');
    expect((await admin(owner, 'PUT', `/${file.fileId}/content`, form)).status).toBe(400);
    expect((await admin(owner, 'GET', `/${file.fileId}`)).body.data.sha256).toBe(sha256Hex(Buffer.from('keep me')));
  });

  it('parallel replacements leave exactly one content and no leftovers', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(1000));
    const versions = Array.from({ length: 4 }, () => randomBytes(300_000));
    const results = await Promise.all(
      versions.map((v) => admin(owner, 'PUT', `/${file.fileId}/content`, uploadForm(v))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const final = (await admin(owner, 'GET', `/${file.fileId}`)).body.data.sha256;
    expect(versions.map(sha256Hex)).toContain(final);
    const { rows } = await stack
      .db()
      .query('SELECT count(*)::int AS n FROM file_contents WHERE app_id = $1', [owner.appId]);
    expect(rows[0].n).toBe(1);
  });

  it('deletes a file and its stored content', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(MiB + 5));
    const contentId = await contentIdOf(file.fileId);
    expect(answer(await admin(owner, 'DELETE', `/${file.fileId}`))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect((await admin(owner, 'GET', `/${file.fileId}`)).status).toBe(404);
    expect((await admin(owner, 'DELETE', `/${file.fileId}`)).status).toBe(404);
    expect(await storedChunks(contentId)).toEqual([]);
    expect((await admin(owner, 'GET')).body.meta.total).toBe(0);
  });

  it('records every change in the audit log', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.from('a'));
    await admin(owner, 'PATCH', `/${file.fileId}`, { name: 'b' });
    await admin(owner, 'PUT', `/${file.fileId}/content`, uploadForm(Buffer.from('c')));
    await admin(owner, 'DELETE', `/${file.fileId}`);
    const { rows } = await stack
      .db()
      .query(`SELECT type, details FROM audit_log WHERE app_id = $1 AND type LIKE 'admin.file.%' ORDER BY created_at`, [
        owner.appId,
      ]);
    expect(rows.map((r: { type: string }) => r.type)).toEqual([
      'admin.file.create',
      'admin.file.update',
      'admin.file.replace',
      'admin.file.delete',
    ]);
    expect(rows[0].details).toMatchObject({ fileId: file.fileId, size: 1, sha256: sha256Hex(Buffer.from('a')) });
  });

  it('pages the list, newest first', async () => {
    const owner = await stack.ownerWithApp();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(owner, Buffer.from(String(i)))).fileId);
    const page = await admin(owner, 'GET', '?page=2&limit=2');
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.body.data.map((f: { fileId: string }) => f.fileId)).toEqual([ids[0]]);
  });

  it('an app’s deletion takes its files and their content with it', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10_000));
    const contentId = await contentIdOf(file.fileId);
    const res = await stack.http('DELETE', `/v1/admin/apps/${owner.appId}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await storedChunks(contentId)).toEqual([]);
  });
});

const PASSWORD = 'hunter22';

/** A user of `level` with a live session, through the admin API and the client endpoint. */
async function userSession(owner: StackOwner, level: number) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const created = await stack.http('POST', `/v1/admin/apps/${owner.appId}/users`, {
    token: owner.token,
    body: { username, password: PASSWORD, level, maxDevices: 5 },
  });
  if (created.status !== 201) throw new Error(`create user failed: ${JSON.stringify(created.body)}`);
  const login = await client(owner, { type: 'login', username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { userId: created.body.data.userId as string, username, sessionToken: login.body.data.sessionToken as string };
}

function client(owner: StackOwner, fields: Record<string, unknown>, baseUrl = stack.api.url) {
  return send(baseUrl, 'POST', '/v1', '', { appId: owner.appId, apiKey: owner.apiKey, ...fields });
}

function requestFile(owner: StackOwner, sessionToken: string, fileId: string, extra: object = {}, baseUrl?: string) {
  return client(owner, { type: 'file', sessionToken, fileId, ...extra }, baseUrl);
}

async function link(owner: StackOwner, sessionToken: string, fileId: string, extra: object = {}) {
  const res = await requestFile(owner, sessionToken, fileId, extra);
  if (res.status !== 200) throw new Error(`file failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function downloads(fileId: string): Promise<number> {
  const { rows } = await stack.db().query('SELECT downloads FROM files WHERE id = $1', [fileId]);
  return rows[0].downloads;
}

describe('the client `file` type', () => {
  it('answers Download ready with a single-use absolute link valid for 60 s', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(2 * MiB + 99);
    const file = await upload(owner, content, { name: 'Lödr "v2".exe', minLevel: '2' });
    const user = await userSession(owner, 2);
    const res = await requestFile(owner, user.sessionToken, file.fileId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Download ready',
      data: {
        fileId: file.fileId,
        name: 'Lödr "v2".exe',
        size: content.length,
        sha256: sha256Hex(content),
        url: expect.stringMatching(new RegExp(`^${stack.api.url}/v1/downloads/[A-Za-z0-9_-]{43}$`)),
        expiresAt: expect.stringMatching(ISO),
      },
    });
    const lifetime = Date.parse(res.body.data.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    const got = await download(res.body.data.url, { keep: true });
    expect(got.status).toBe(200);
    expect(got.error).toBeUndefined();
    expect(got.sha256).toBe(sha256Hex(content));
    expect(got.headers.get('content-length')).toBe(String(content.length));
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="L_dr _v2_.exe"; filename*=UTF-8''L%C3%B6dr%20%22v2%22.exe`,
    );
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.headers.get('x-content-encryption')).toBeNull();
    await eventually(async () => (await downloads(file.fileId)) === 1, { what: 'the download to be counted' });

    // Spent: a second use is 410.
    const again = await fetch(res.body.data.url);
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ success: false, message: 'Download link expired or already used' });
  });

  it('one link, many requests at once: exactly one download', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(100_000));
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => download(url)))).map((d) => d.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(7);
  });

  it('a link works on any API process of the deployment', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(5000);
    const file = await upload(owner, content);
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    const elsewhere = url.replace(stack.api.url, limited.url);
    expect((await download(elsewhere)).sha256).toBe(sha256Hex(content));
  });

  it('gates by level: 403 Insufficient level below minLevel', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10), { minLevel: '3' });
    const low = await userSession(owner, 2);
    expect(answer(await requestFile(owner, low.sessionToken, file.fileId))).toEqual({
      status: 403,
      body: { success: false, message: 'Insufficient level', data: {} },
    });
    const high = await userSession(owner, 4);
    expect((await requestFile(owner, high.sessionToken, file.fileId)).status).toBe(200);
  });

  it.each([
    ['unknown', '00000000-0000-0000-0000-000000000000'],
    ['malformed', 'not-a-uuid'],
  ])('answers 404 File not found for an %s file id', async (_what, fileId) => {
    const owner = await stack.ownerWithApp();
    const user = await userSession(owner, 5);
    expect(answer(await requestFile(owner, user.sessionToken, fileId))).toEqual({
      status: 404,
      body: { success: false, message: 'File not found', data: {} },
    });
  });

  it('never offers another app’s file', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const file = await upload(other, randomBytes(10));
    const user = await userSession(owner, 1000);
    expect((await requestFile(owner, user.sessionToken, file.fileId)).status).toBe(404);
  });

  it('needs a live session (401) and the fields (400)', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    expect(answer(await requestFile(owner, 'x'.repeat(43), file.fileId))).toEqual({
      status: 401,
      body: { success: false, message: 'Invalid or expired session', data: {} },
    });
    const user = await userSession(owner, 0);
    const missing = await client(owner, { type: 'file', sessionToken: user.sessionToken });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('fileId is required');
  });

  it.each([
    ['not base64 of 32 bytes', Buffer.alloc(31, 1).toString('base64')],
    ['not a string', 12],
    ['base64url', 'A'.repeat(42) + '_='],
    ['the zero point (no shared secret)', Buffer.alloc(32).toString('base64')],
  ])('refuses a clientPublicKey that is %s: 400', async (_what, clientPublicKey) => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    const user = await userSession(owner, 0);
    expect(answer(await requestFile(owner, user.sessionToken, file.fileId, { clientPublicKey }))).toEqual({
      status: 400,
      body: { success: false, message: 'clientPublicKey must be a base64 X25519 public key', data: {} },
    });
  });
});

describe('links that no longer work: 410', () => {
  it('after their lifetime', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    const user = await userSession(owner, 0);
    // The second API hands out links living 1 s.
    const res = await requestFile(owner, user.sessionToken, file.fileId, {}, limited.url);
    expect(res.status).toBe(200);
    const { url, expiresAt } = res.body.data;
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(1_000);
    // Well past the expiry the link reports, by the same machine's clock the database uses.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(expiresAt) - Date.now()) + 1_000));
    expect((await download(url)).status).toBe(410);
  });

  it('after the session logged out', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    expect((await client(owner, { type: 'logout', sessionToken: user.sessionToken })).status).toBe(200);
    expect((await download(url)).status).toBe(410);
  });

  it('after the session was ended by the owner or the user was banned', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    const ban = await stack.http('POST', `/v1/admin/apps/${owner.appId}/users/${user.userId}/ban`, {
      token: owner.token,
      body: {},
    });
    expect(ban.status).toBe(200);
    expect((await download(url)).status).toBe(410);
  });

  it('after the content was replaced; a new link serves the new content', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(3000));
    const user = await userSession(owner, 0);
    const before = await link(owner, user.sessionToken, file.fileId);
    const next = randomBytes(4000);
    expect((await admin(owner, 'PUT', `/${file.fileId}/content`, uploadForm(next))).status).toBe(200);
    expect((await download(before.url)).status).toBe(410);
    const after = await link(owner, user.sessionToken, file.fileId);
    expect(after.sha256).toBe(sha256Hex(next));
    expect((await download(after.url)).sha256).toBe(sha256Hex(next));
  });

  it('after the file was deleted, or its level raised above the user', async () => {
    const owner = await stack.ownerWithApp();
    const user = await userSession(owner, 1);
    const deleted = await upload(owner, randomBytes(10));
    const deletedLink = await link(owner, user.sessionToken, deleted.fileId);
    await admin(owner, 'DELETE', `/${deleted.fileId}`);
    expect((await download(deletedLink.url)).status).toBe(410);

    const raised = await upload(owner, randomBytes(10), { minLevel: '1' });
    const raisedLink = await link(owner, user.sessionToken, raised.fileId);
    await admin(owner, 'PATCH', `/${raised.fileId}`, { minLevel: 2 });
    expect((await download(raisedLink.url)).status).toBe(410);
  });

  it('for a token never handed out, and HEAD does not spend a link', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(10));
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    expect((await download(url)).status).toBe(200);
    expect((await fetch(`${stack.api.url}/v1/downloads/${'A'.repeat(43)}`, { method: 'HEAD' })).status).toBe(410);
    expect((await download(`${stack.api.url}/v1/downloads/${'A'.repeat(43)}`)).status).toBe(410);
    expect((await download(`${stack.api.url}/v1/downloads/short`)).status).toBe(410);
  });
});

describe('end-to-end encryption to a client key', () => {
  it('encrypts the body as the contract says; an independent client decrypts it', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(3 * 65536 + 1234);
    const file = await upload(owner, content);
    const user = await userSession(owner, 0);
    const clientKeys = generateKeyPairSync('x25519');
    const clientPublicKey = rawX25519(clientKeys.publicKey);
    const data = await link(owner, user.sessionToken, file.fileId, { clientPublicKey });
    expect(data.encryption).toEqual({
      alg: 'X25519-HKDF-SHA256-AES256GCM-STREAM',
      serverPublicKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      salt: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
      recordSize: 65536,
      clientPublicKey,
    });
    expect(data).toMatchObject({ size: content.length, sha256: sha256Hex(content) });

    const got = await download(data.url, { keep: true });
    expect(got.status).toBe(200);
    expect(got.headers.get('x-content-encryption')).toBe('X25519-HKDF-SHA256-AES256GCM-STREAM');
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    // Four records (three full, one short), each with its 16-byte tag.
    expect(got.headers.get('content-length')).toBe(String(content.length + 4 * 16));
    expect(got.body!.includes(content.subarray(0, 64))).toBe(false);
    const plaintext = decryptDownload(clientKeys.privateKey, file.fileId, data.encryption, got.body!);
    expect(sha256Hex(plaintext)).toBe(sha256Hex(content));
  });

  it('an empty file is one empty record; each download has its own server key and salt', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, Buffer.alloc(0));
    const user = await userSession(owner, 0);
    const clientKeys = generateKeyPairSync('x25519');
    const clientPublicKey = rawX25519(clientKeys.publicKey);
    const first = await link(owner, user.sessionToken, file.fileId, { clientPublicKey });
    const second = await link(owner, user.sessionToken, file.fileId, { clientPublicKey });
    expect(first.encryption.serverPublicKey).not.toBe(second.encryption.serverPublicKey);
    expect(first.encryption.salt).not.toBe(second.encryption.salt);
    const got = await download(first.url, { keep: true });
    expect(got.body).toHaveLength(16);
    expect(decryptDownload(clientKeys.privateKey, file.fileId, first.encryption, got.body!)).toHaveLength(0);
  });
});

describe('tampered storage', () => {
  it('a flipped byte in a stored chunk stops the download before that chunk; logged, not counted', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(3 * MiB);
    const file = await upload(owner, content);
    const contentId = await contentIdOf(file.fileId);
    await stack.db().query(
      `UPDATE file_chunks SET data = set_byte(data, 1000, get_byte(data, 1000) # 1)
        WHERE content_id = $1 AND index = 1`,
      [contentId],
    );
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    const got = await download(url, { keep: true });
    expect(got.error).toBeDefined();
    // Only the first record (1 MiB minus its tag) got out, and it is the real start of the file.
    expect(got.bytes).toBeLessThanOrEqual(MiB - 16);
    expect(got.body!.equals(content.subarray(0, got.bytes))).toBe(true);

    const line = await eventually(
      () => apiLog.split('\n').find((l) => l.includes('download stopped') && l.includes(file.fileId)),
      { what: 'the error to be logged' },
    );
    expect(JSON.parse(line)).toMatchObject({ level: 50, fileId: file.fileId, contentId });
    expect(line).not.toContain(new URL(url).pathname.split('/').pop()!);
    expect(await downloads(file.fileId)).toBe(0);
    expect(
      (await stack.db().query(`SELECT 1 FROM events WHERE app_id = $1 AND name = 'file.download'`, [owner.appId])).rows,
    ).toHaveLength(0);
  });

  it('a tampered first chunk cuts the connection with nothing sent', async () => {
    const owner = await stack.ownerWithApp();
    const file = await upload(owner, randomBytes(1000));
    await stack
      .db()
      .query(`UPDATE file_chunks SET data = set_byte(data, 0, get_byte(data, 0) # 128) WHERE content_id = $1`, [
        await contentIdOf(file.fileId),
      ]);
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    const outcome = await download(url).catch((err: Error) => ({ error: err, bytes: 0 }));
    expect(outcome.error).toBeDefined();
    expect(outcome.bytes).toBe(0);
  });
});

describe('a download the client abandons', () => {
  it('releases its database connections and leaves the next download whole', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(12 * MiB + 5);
    const file = await upload(owner, content);
    const user = await userSession(owner, 0);
    const abandoned = new AbortController();
    const response = await fetch((await link(owner, user.sessionToken, file.fileId)).url, {
      signal: abandoned.signal,
    });
    // The first bytes arrived: the download is under way, reading ahead.
    expect((await response.body!.getReader().read()).done).toBe(false);
    abandoned.abort();

    const runningCopies = async () =>
      (
        await stack.db().query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY (SELECT data FROM file_chunks%'`,
        )
      ).rows[0].n;
    await eventually(runningCopies, { until: (n) => n === 0, what: 'no COPY of the abandoned download to run' });
    const whole = await download((await link(owner, user.sessionToken, file.fileId)).url);
    expect(whole.sha256).toBe(sha256Hex(content));
  });
});

describe('the cache of recently downloaded contents', () => {
  it('serves a file downloaded whole from memory after, verified again; a process without it reads the store', async () => {
    const owner = await stack.ownerWithApp();
    const content = randomBytes(3 * MiB);
    const file = await upload(owner, content);
    const user = await userSession(owner, 0);
    const newLink = async () => (await link(owner, user.sessionToken, file.fileId)).url;
    expect((await download(await newLink())).sha256).toBe(sha256Hex(content));
    // A download is counted after its read ended, so after the read filled the cache.
    await eventually(() => downloads(file.fileId), { until: (n) => n === 1, what: 'the first download to be counted' });

    // The store changes under the cache: only a download that reads the store sees it.
    await stack.db().query(
      `UPDATE file_chunks SET data = set_byte(data, 1000, get_byte(data, 1000) # 1)
        WHERE content_id = $1 AND index = 1`,
      [await contentIdOf(file.fileId)],
    );
    expect((await download(await newLink())).sha256).toBe(sha256Hex(content));
    const uncached = await download((await newLink()).replace(stack.api.url, limited.url), { keep: true });
    expect(uncached.error).toBeDefined();
    expect(await downloads(file.fileId)).toBe(2);
  });
});

describe('download events', () => {
  it('delivers file.download to a webhook once the stream completed; the log line hides the token', async () => {
    const owner = await stack.ownerWithApp();
    const hook = await stack.createWebhook(owner, { url: receiver.url(), events: ['file.download'] });
    const file = await upload(owner, randomBytes(20_000), { name: 'update.zip' });
    const user = await userSession(owner, 0);
    const { url } = await link(owner, user.sessionToken, file.fileId);
    expect((await download(url)).status).toBe(200);
    const delivered = await eventually(() => receiver.to(hook.url)[0], { what: 'the webhook delivery' });
    const body = JSON.parse(delivered.body);
    expect(body.event).toBe('file.download');
    expect(body.data).toEqual({
      fileId: file.fileId,
      name: 'update.zip',
      userId: user.userId,
      username: user.username,
      ip: '127.0.0.1',
      appId: owner.appId,
    });
    const token = new URL(url).pathname.split('/').pop()!;
    await eventually(() => apiLog.includes('/v1/downloads/[redacted]'), { what: 'the request log line' });
    expect(apiLog).not.toContain(token);
  });
});

describe('memory', () => {
  it('a 50 MiB file goes in and out with the API growing by less than 64 MiB', async () => {
    const owner = await stack.ownerWithApp();
    const user = await userSession(owner, 0);
    const pid = stack.api.child.pid!;
    // Warm up the paths once, so the measure is of the transfer, not of first use.
    const warm = await upload(owner, randomBytes(4 * MiB));
    await download((await link(owner, user.sessionToken, warm.fileId)).url);

    const content = randomBytes(50 * MiB);
    const up = await measureRssGrowth(pid, () => upload(owner, content));
    const { url } = await link(owner, user.sessionToken, up.result.fileId);
    const down = await measureRssGrowth(pid, () => download(url));
    expect(down.result.sha256).toBe(sha256Hex(content));
    expect(down.result.bytes).toBe(content.length);
    reportFigure(`postgres store: RSS growth upload ${mib(up.growth)}, download ${mib(down.growth)}`);
    expect(up.growth).toBeLessThan(64 * MiB);
    expect(down.growth).toBeLessThan(64 * MiB);
  }, 120_000);
});
