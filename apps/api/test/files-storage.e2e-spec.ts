import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sweepFiles } from '../src/modules/files/file-sweeper.js';
import type { FileStore } from '../src/modules/files/storage/file-store.js';
import { FsFileStore } from '../src/modules/files/storage/fs-file-store.js';
import { PostgresFileStore } from '../src/modules/files/storage/postgres-file-store.js';
import type { BufferPool } from '../src/modules/files/storage/buffer-pool.js';
import { closeDb, createApp, db, signupOwner } from './support/api.js';
import { eventually } from './support/eventually.js';

/**
 * The one spec both stores pass: the service relies on nothing else of a
 * store. Each store runs against the test database's `file_contents` rows
 * (the PostgreSQL store's records belong to them; the sweep reads them for both).
 */
let appId: string;
let dir: string;

beforeAll(async () => {
  appId = (await createApp(await signupOwner())).appId;
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-files-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeDb();
});

/** A content row, as the service writes one before the content's first record. */
async function contentRow(ageSeconds = 0): Promise<string> {
  const id = randomUUID();
  await db().query(
    `INSERT INTO file_contents (id, app_id, wrapped_key, created_at)
     VALUES ($1, $2, '\\x00', now() - make_interval(secs => $3))`,
    [id, appId, ageSeconds],
  );
  return id;
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  // A store reuses its buffer for the next record: keep a copy.
  for await (const record of source) out.push(Buffer.from(record));
  return out;
}

/** Records as digests: jest compares large buffers byte by byte, slowly. */
function digests(records: Buffer[]): string[] {
  return records.map((record) => `${record.length}:${createHash('sha256').update(record).digest('hex')}`);
}

async function listed(store: FileStore): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of store.list()) ids.push(id);
  return ids;
}

async function store(records: Buffer[], on: FileStore): Promise<string> {
  const id = await contentRow();
  const writer = await on.create(id);
  for (const record of records) await writer.write(record);
  await writer.close();
  return id;
}

/** Each store, and the record buffers one read of it holds (taken from the store's pool, given back after). */
const STORES: Array<[string, () => FileStore & { buffers: BufferPool }, number]> = [
  ['postgres', () => new PostgresFileStore(db()), 2],
  ['fs', () => new FsFileStore(dir), 1],
];

/** Connections of the test pool checked out (the PostgreSQL store's COPYs hold one each while they run). */
function checkedOut(): number {
  return db().totalCount - db().idleCount;
}

describe.each(STORES)('%s store', (_name, makeStore, buffersPerRead) => {
  let fileStore: FileStore & { buffers: BufferPool };
  beforeAll(() => {
    fileStore = makeStore();
  });

  it('reads back the records written, in order and byte for byte', async () => {
    const records = [randomBytes(1024 * 1024), randomBytes(17), Buffer.alloc(0), randomBytes(65_536)];
    const id = await store(records, fileStore);
    expect(digests(await collect(fileStore.read(id)))).toEqual(digests(records));
    // A second read gets the same again.
    expect(digests(await collect(fileStore.read(id)))).toEqual(digests(records));
  });

  it('reads any number of records, across the batches a query fetches', async () => {
    for (const count of [3, 4, 5, 8, 9]) {
      const records = Array.from({ length: count }, (_, i) => randomBytes(1000 + i));
      const id = await store(records, fileStore);
      expect(digests(await collect(fileStore.read(id)))).toEqual(digests(records));
    }
  });

  it('a read holds a fixed set of buffers whatever the size, given back when it ends or is stopped', async () => {
    // A store of its own: its pool has seen no other read.
    const fresh = makeStore();
    const id = await store(
      Array.from({ length: 9 }, () => randomBytes(300_000)),
      fresh,
    );
    await collect(fresh.read(id));
    const released = () => fresh.buffers.idleCount === buffersPerRead && checkedOut() === 0;
    await eventually(released, { what: 'the buffers and connections to be released' });
    for (let round = 0; round < 3; round++) {
      // The consumer stops after the first record, with the next batch possibly still on its way.
      for await (const record of fresh.read(id)) {
        expect(record.length).toBe(300_000);
        break;
      }
      await eventually(released, { what: 'the buffers and connections to be released' });
    }
  });

  it('keeps contents written at the same time apart', async () => {
    const sets = Array.from({ length: 4 }, (_, i) => Array.from({ length: 3 }, () => randomBytes(1000 + i)));
    const ids = await Promise.all(sets.map((records) => store(records, fileStore)));
    for (const [i, id] of ids.entries()) expect(digests(await collect(fileStore.read(id)))).toEqual(digests(sets[i]!));
  });

  it('fails to read a content it does not hold', async () => {
    await expect(collect(fileStore.read(randomUUID()))).rejects.toThrow();
  });

  it('deletes a content; deleting again, or something never stored, is fine', async () => {
    const id = await store([randomBytes(10)], fileStore);
    await fileStore.delete(id);
    await expect(collect(fileStore.read(id))).rejects.toThrow();
    await fileStore.delete(id);
    await fileStore.delete(randomUUID());
    expect(await listed(fileStore)).not.toContain(id);
  });

  it('abort leaves nothing of a content behind', async () => {
    const id = await contentRow();
    const writer = await fileStore.create(id);
    await writer.write(randomBytes(100));
    await writer.abort();
    await expect(collect(fileStore.read(id))).rejects.toThrow();
    expect(await listed(fileStore)).not.toContain(id);
  });

  it('lists every content it holds, once', async () => {
    const ids = [await store([randomBytes(5)], fileStore), await store([randomBytes(5), randomBytes(5)], fileStore)];
    const all = await listed(fileStore);
    expect(all).toEqual(expect.arrayContaining(ids));
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses an id that is not a UUID, so nothing reaches a path or a query unchecked', async () => {
    await expect(fileStore.create('../../etc/passwd')).rejects.toThrow('invalid content id');
    await expect(fileStore.delete('../x')).rejects.toThrow('invalid content id');
  });

  it('the sweep removes abandoned uploads and orphans, and keeps what a file uses', async () => {
    const used = await store([randomBytes(8)], fileStore);
    await db().query(`INSERT INTO files (app_id, name, content_id) VALUES ($1, 'kept', $2)`, [appId, used]);
    // No file points at it, written two days ago: its process died mid-upload.
    const abandoned = await store([randomBytes(8)], fileStore);
    await db().query(`UPDATE file_contents SET created_at = now() - interval '2 days' WHERE id = $1`, [abandoned]);
    // No file yet, but recent: an upload in progress.
    const uploading = await store([randomBytes(8)], fileStore);
    // Its app deleted: the rows cascade; only the fs store still holds the bytes.
    const other = await createApp(await signupOwner());
    const gone = await store([randomBytes(8)], fileStore);
    await db().query(`UPDATE file_contents SET app_id = $2 WHERE id = $1`, [gone, other.appId]);
    await db().query(`DELETE FROM apps WHERE id = $1`, [other.appId]);

    await sweepFiles(db(), fileStore);

    const left = await listed(fileStore);
    expect(left).toEqual(expect.arrayContaining([used, uploading]));
    expect(left).not.toContain(abandoned);
    expect(left).not.toContain(gone);
    const { rows } = await db().query('SELECT id FROM file_contents WHERE id = ANY($1::uuid[])', [
      [used, abandoned, uploading, gone],
    ]);
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual([used, uploading].sort());
  });
});

describe('fs store layout', () => {
  it('a half-written content is never read as whole, and is listed for the sweep', async () => {
    const fsStore = new FsFileStore(dir);
    const id = await contentRow();
    const writer = await fsStore.create(id);
    await writer.write(randomBytes(10));
    await expect(collect(fsStore.read(id))).rejects.toThrow();
    expect(await listed(fsStore)).toContain(id);
    await writer.close();
    expect(await collect(fsStore.read(id))).toHaveLength(1);
  });

  it('a file cut inside a record fails the read', async () => {
    const fsStore = new FsFileStore(dir);
    const id = await contentRow();
    await writeFile(path.join(dir, id), Buffer.from([0, 0, 0, 10, 1, 2, 3]));
    await expect(collect(fsStore.read(id))).rejects.toThrow('ends inside a record');
  });

  it('prepare creates the directory', async () => {
    const nested = path.join(dir, 'a', 'b');
    await new FsFileStore(nested).prepare();
    expect(await readdir(nested)).toEqual([]);
  });
});
