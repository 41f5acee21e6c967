import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { download, measureRssGrowth, mib, reportFigure, send, sha256Hex, uploadForm } from './support/files.js';

const MiB = 1024 * 1024;

/** `FILE_STORAGE=fs`: an API of its own keeping ciphertext in a temporary directory. */
let api: RunningApi;
let dir: string;
let databaseName: string;
let owner: { token: string; appId: string; apiKey: string };
let sessionToken: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-fs-store-'));
  databaseName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_files_fs`;
  const env = testEnv(await freshDatabase(databaseName), {
    FILE_STORAGE: 'fs',
    FILE_STORAGE_DIR: path.join(dir, 'store'),
  });
  api = await startApi(env);
  const signup = await send(api.url, 'POST', '/v1/admin/auth/signup', '', {
    email: `owner-${randomUUID()}@example.com`,
    password: 'correct horse battery',
  });
  const token = signup.body.data.accessToken;
  const app = (await send(api.url, 'POST', '/v1/admin/apps', token, { name: 'Fs' })).body.data;
  owner = { token, appId: app.appId, apiKey: app.apiKey };
  await send(api.url, 'POST', `/v1/admin/apps/${app.appId}/users`, token, {
    username: 'fs_user',
    password: 'hunter22',
  });
  sessionToken = (await client({ type: 'login', username: 'fs_user', password: 'hunter22' })).body.data.sessionToken;
}, 120_000);

afterAll(async () => {
  await api?.stop();
  if (databaseName) await dropDatabase(databaseName);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

function client(fields: Record<string, unknown>) {
  return send(api.url, 'POST', '/v1', '', { appId: owner.appId, apiKey: owner.apiKey, ...fields });
}

async function upload(content: Buffer) {
  const res = await send(api.url, 'POST', `/v1/admin/apps/${owner.appId}/files`, owner.token, uploadForm(content));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { fileId: string; size: number; sha256: string };
}

async function linkFor(fileId: string): Promise<string> {
  const res = await client({ type: 'file', sessionToken, fileId });
  if (res.status !== 200) throw new Error(`file failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.url;
}

const stored = () => readdir(path.join(dir, 'store'));

describe('the fs store', () => {
  it('creates its directory and keeps one ciphertext file per content, without the plaintext', async () => {
    const before = await stored();
    const marker = Buffer.from('FS-PLAINTEXT-MARKER-'.repeat(1000));
    const file = await upload(marker);
    const after = await stored();
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((name) => !before.includes(name))!;
    const bytes = await readFile(path.join(dir, 'store', added));
    expect(bytes.includes(Buffer.from('FS-PLAINTEXT-MARKER'))).toBe(false);
    expect((await download(await linkFor(file.fileId))).sha256).toBe(sha256Hex(marker));
  });

  it('replacing and deleting remove the stored files', async () => {
    const before = await stored();
    const file = await upload(randomBytes(10_000));
    const put = await send(
      api.url,
      'PUT',
      `/v1/admin/apps/${owner.appId}/files/${file.fileId}/content`,
      owner.token,
      uploadForm(randomBytes(20_000)),
    );
    expect(put.status).toBe(200);
    expect(await stored()).toHaveLength(before.length + 1);
    const del = await send(api.url, 'DELETE', `/v1/admin/apps/${owner.appId}/files/${file.fileId}`, owner.token);
    expect(del.status).toBe(200);
    expect((await stored()).sort()).toEqual(before.sort());
  });

  it('a flipped byte in the stored file stops the download before the bad record', async () => {
    const content = randomBytes(3 * MiB);
    const before = await stored();
    const file = await upload(content);
    const name = (await stored()).find((n) => !before.includes(n))!;
    // Inside the second record: past the first (4-byte length + 1 MiB) and the second's length.
    const handle = await open(path.join(dir, 'store', name), 'r+');
    const at = 4 + MiB + 4 + 5000;
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, at);
    byte[0]! ^= 0x01;
    await handle.write(byte, 0, 1, at);
    await handle.close();

    const got = await download(await linkFor(file.fileId), { keep: true });
    expect(got.error).toBeDefined();
    expect(got.bytes).toBeLessThanOrEqual(MiB - 16);
    expect(got.body!.equals(content.subarray(0, got.bytes))).toBe(true);
  });

  it('a 50 MiB file goes in and out with the API growing by less than 64 MiB', async () => {
    const pid = api.child.pid!;
    const warm = await upload(randomBytes(4 * MiB));
    await download(await linkFor(warm.fileId));

    const content = randomBytes(50 * MiB);
    const up = await measureRssGrowth(pid, () => upload(content));
    const url = await linkFor(up.result.fileId);
    const down = await measureRssGrowth(pid, () => download(url));
    expect(down.result.bytes).toBe(content.length);
    expect(down.result.sha256).toBe(sha256Hex(content));
    reportFigure(`fs store: RSS growth upload ${mib(up.growth)}, download ${mib(down.growth)}`);
    expect(up.growth).toBeLessThan(64 * MiB);
    expect(down.growth).toBeLessThan(64 * MiB);
  }, 120_000);
});
