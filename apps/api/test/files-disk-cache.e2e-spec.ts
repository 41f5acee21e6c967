import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dropDatabase, freshDatabase, startApi, testEnv, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { damageSecondRecord, download, filesOwner, send, sha256Hex, type FilesOwner } from './support/files.js';

/**
 * FILE_DISK_CACHE_DIR in front of the PostgreSQL store, on an API of its own
 * with no memory cache (FILE_CACHE_BYTES=0), so every download after the
 * first of a content comes from the disk.
 */
let api: RunningApi;
let apiLog = '';
let dir: string;
let databaseName: string;
let db: pg.Client;
let owner: FilesOwner['owner'];
let upload: FilesOwner['upload'];
let linkFor: FilesOwner['linkFor'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-disk-cache-'));
  databaseName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_files_disk_cache`;
  const databaseUrl = await freshDatabase(databaseName);
  api = await startApi(testEnv(databaseUrl, { FILE_CACHE_BYTES: '0', FILE_DISK_CACHE_DIR: dir }));
  api.child.stdout!.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  ({ owner, upload, linkFor } = await filesOwner(api.url, 'Disk cache', 'dc_user'));
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  if (databaseName) await dropDatabase(databaseName);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

/** The API process's own directory of kept contents, and what it holds. */
const processDir = () => path.join(dir, `process-${api.child.pid}`);
const kept = () => readdir(processDir());

async function contentIdOf(fileId: string): Promise<string> {
  return (await db.query('SELECT content_id FROM files WHERE id = $1', [fileId])).rows[0].content_id;
}

/** Flips a bit of the second stored chunk in PostgreSQL (again to flip it back). */
async function flipStoredByte(contentId: string): Promise<void> {
  await db.query(
    `UPDATE file_chunks SET data = set_byte(data, 1000, get_byte(data, 1000) # 1) WHERE content_id = $1 AND index = 1`,
    [contentId],
  );
}

describe('the disk cache of stored records', () => {
  it('keeps ciphertext only, serves later downloads from disk, and drops a damaged file for the store', async () => {
    const marker = Buffer.from('DISK-CACHE-PLAINTEXT-MARKER-'.repeat(110_000)); // about 3 MiB: three records
    const file = await upload(marker);
    const contentId = await contentIdOf(file.fileId);
    expect(await kept()).toEqual([]);

    expect((await download(await linkFor(file.fileId))).sha256).toBe(sha256Hex(marker));
    await eventually(kept, { until: (names) => names.includes(contentId), what: 'the content to be kept on disk' });
    const onDisk = await readFile(path.join(processDir(), contentId));
    expect(onDisk.includes(Buffer.from('DISK-CACHE-PLAINTEXT-MARKER'))).toBe(false);

    // PostgreSQL changes under the cache: a download from disk does not see it.
    await flipStoredByte(contentId);
    expect((await download(await linkFor(file.fileId))).sha256).toBe(sha256Hex(marker));

    // The kept file is damaged inside its second record: that download is cut, and the file dropped.
    await damageSecondRecord(path.join(processDir(), contentId));
    const cut = await download(await linkFor(file.fileId), { keep: true });
    expect(cut.error).toBeDefined();
    expect(cut.body!.equals(marker.subarray(0, cut.bytes))).toBe(true);
    await eventually(kept, { until: (names) => !names.includes(contentId), what: 'the damaged file to be removed' });
    await eventually(() => apiLog.includes('download stopped'), { what: 'the failure to be logged' });

    // With PostgreSQL whole again, the next download reads it, and keeps the content anew.
    await flipStoredByte(contentId);
    expect((await download(await linkFor(file.fileId))).sha256).toBe(sha256Hex(marker));
    await eventually(kept, { until: (names) => names.includes(contentId), what: 'the content to be kept again' });

    // Deleting the file removes what the cache kept of it.
    const del = await send(api.url, 'DELETE', `/v1/admin/apps/${owner.appId}/files/${file.fileId}`, owner.token);
    expect(del.status).toBe(200);
    await eventually(kept, { until: (names) => !names.includes(contentId), what: 'the deleted content to be removed' });
  });
});
