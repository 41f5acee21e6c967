import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskRecordCache } from './disk-record-cache.js';

let parent: string;
const own = () => path.join(parent, `process-${process.pid}`);
const kept = async () => (await readdir(own())).sort();

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'latchkey-disk-cache-'));
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function* from(records: Buffer[]): AsyncGenerator<Buffer> {
  yield* records;
}

/** Passes `records` through a recording as a download reading them from the store would. */
async function readThrough(cache: DiskRecordCache, contentId: string, records: Buffer[], size: number) {
  const recording = cache.record(contentId, size);
  if (!recording) return null;
  const passed: Buffer[] = [];
  for await (const record of recording.through(from(records))) passed.push(Buffer.from(record));
  return { recording, passed };
}

async function collect(records: AsyncIterable<Buffer> | null): Promise<Buffer[] | null> {
  if (!records) return null;
  const out: Buffer[] = [];
  for await (const record of records) out.push(Buffer.from(record));
  return out;
}

/** Records of a content of `size` plaintext bytes, as the store holds them (a 16-byte tag each). */
function recordsOf(size: number): Buffer[] {
  return [randomBytes(size + 16)];
}

describe('DiskRecordCache', () => {
  it('keeps the records of a read that completed, and reads them back', async () => {
    const cache = new DiskRecordCache(parent, 1024 * 1024);
    await cache.prepare();
    const id = randomUUID();
    const records = [randomBytes(1000), randomBytes(20), Buffer.alloc(0)];
    const { recording, passed } = (await readThrough(cache, id, records, 1000))!;
    expect(passed).toEqual(records);
    expect(await cache.open(id)).toBeNull(); // not before keep()
    await recording.keep();
    expect(await collect(await cache.open(id))).toEqual(records);
    expect(cache.heldBytes).toBeGreaterThan(1000);
    expect(await kept()).toEqual([id]);
  });

  it('keeps nothing of a read that stopped or failed', async () => {
    const cache = new DiskRecordCache(parent, 1024 * 1024);
    await cache.prepare();
    const id = randomUUID();
    const { recording } = (await readThrough(cache, id, recordsOf(100), 100))!;
    recording.drop();
    await recording.keep();
    expect(await cache.open(id)).toBeNull();
    // The partial file goes with the drop.
    await cache.removed();
    expect(await kept()).toEqual([]);
    expect(cache.record(id, 100)).not.toBeNull(); // it can be recorded again
  });

  it('writes a content once at a time, none larger than a quarter of the budget, and not one already kept', async () => {
    const cache = new DiskRecordCache(parent, 4000);
    await cache.prepare();
    const id = randomUUID();
    expect(cache.record(randomUUID(), 1000)).toBeNull(); // 1000 + a tag and a length is over 1000 bytes
    const first = cache.record(id, 500)!;
    expect(cache.record(id, 500)).toBeNull();
    for await (const record of first.through(from(recordsOf(500)))) void record;
    await first.keep();
    expect(cache.record(id, 500)).toBeNull();
  });

  it('removes the least recently used content once the budget is full', async () => {
    const cache = new DiskRecordCache(parent, 4 * 1040);
    await cache.prepare();
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids.slice(0, 4)) await (await readThrough(cache, id, recordsOf(1000), 1000))!.recording.keep();
    expect(await collect(await cache.open(ids[0]!))).not.toBeNull(); // ids[1] is now the least recently used
    await (await readThrough(cache, ids[4]!, recordsOf(1000), 1000))!.recording.keep();
    expect(await cache.open(ids[1]!)).toBeNull();
    await cache.removed();
    expect(await kept()).toEqual([ids[0], ids[2], ids[3], ids[4]].sort());
  });

  it('forgets a content whose file went, and one deleted while it was being written', async () => {
    const cache = new DiskRecordCache(parent, 1024 * 1024);
    await cache.prepare();
    const gone = randomUUID();
    await (await readThrough(cache, gone, recordsOf(10), 10))!.recording.keep();
    await rm(path.join(own(), gone));
    expect(await cache.open(gone)).toBeNull();
    const removed = randomUUID();
    const { recording } = (await readThrough(cache, removed, recordsOf(10), 10))!;
    cache.delete(removed);
    await recording.keep();
    expect(await cache.open(removed)).toBeNull();
  });

  it('a write that fails leaves the read whole and keeps nothing', async () => {
    const cache = new DiskRecordCache(parent, 1024 * 1024);
    await cache.prepare();
    await rm(own(), { recursive: true });
    const id = randomUUID();
    const records = recordsOf(100);
    const { recording, passed } = (await readThrough(cache, id, records, 100))!;
    expect(passed).toEqual(records);
    await recording.keep();
    expect(await cache.open(id)).toBeNull();
  });

  it('removes its directory when the process closes it', async () => {
    const cache = new DiskRecordCache(parent, 1024 * 1024);
    await cache.prepare();
    await (await readThrough(cache, randomUUID(), recordsOf(10), 10))!.recording.keep();
    await cache.close();
    expect(await readdir(parent)).toEqual([]);
  });

  it('starts empty, removes the directories of processes that are gone and leaves everything else', async () => {
    await mkdir(own(), { recursive: true });
    await writeFile(path.join(own(), randomUUID()), 'left by an earlier process with this pid');
    // No process has this pid: pid_max is at most 2^22.
    await mkdir(path.join(parent, 'process-99999999'));
    await mkdir(path.join(parent, `process-${process.ppid}`));
    await writeFile(path.join(parent, 'notes.txt'), 'not ours');
    const cache = new DiskRecordCache(parent, 1024);
    await cache.prepare();
    expect(await kept()).toEqual([]);
    expect((await readdir(parent)).sort()).toEqual(
      ['notes.txt', `process-${process.pid}`, `process-${process.ppid}`].sort(),
    );
  });
});
