import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import {
  damageSecondRecord,
  download,
  filesOwner,
  measureRssGrowth,
  mib,
  reportFigure,
  send,
  sha256Hex,
  uploadForm,
  type FilesOwner,
} from './support/files.js';

const MiB = 1024 * 1024;

/** `FILE_STORAGE=fs`: an API of its own keeping ciphertext in a temporary directory. */
let api: RunningApi;
let dir: string;
let databaseName: string;
let owner: FilesOwner['owner'];
let upload: FilesOwner['upload'];
let linkFor: FilesOwner['linkFor'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-fs-store-'));
  databaseName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_files_fs`;
  const env = testEnv(await freshDatabase(databaseName), {
    FILE_STORAGE: 'fs',
    FILE_STORAGE_DIR: path.join(dir, 'store'),
  });
  api = await startApi(env);
  ({ owner, upload, linkFor } = await filesOwner(api.url, 'Fs', 'fs_user'));
}, 120_000);

afterAll(async () => {
  await api?.stop();
  if (databaseName) await dropDatabase(databaseName);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

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
    await damageSecondRecord(path.join(dir, 'store', name));

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
