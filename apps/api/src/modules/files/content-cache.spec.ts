import { describe, expect, it } from '@jest/globals';
import { ContentCache, type ContentRecording } from './content-cache.js';

const KiB = 1024;

async function* fromArray(records: Buffer[]): AsyncGenerator<Buffer> {
  yield* records;
}

/** Passes `records` through a recording, as a download reading them would. */
async function readThrough(recording: ContentRecording, records: Buffer[]): Promise<void> {
  for await (const record of recording.through(fromArray(records))) void record;
}

describe('ContentCache', () => {
  it('keeps a content once its read completed, as the pieces it passed on', async () => {
    const cache = new ContentCache(64 * KiB);
    const pieces = [Buffer.alloc(3 * KiB, 1), Buffer.alloc(KiB, 2)];
    const recording = cache.record('a', 4 * KiB)!;
    await readThrough(recording, pieces);
    expect(cache.get('a')).toBeUndefined(); // not before keep()
    recording.keep();
    expect(cache.get('a')).toEqual(pieces);
    expect(cache.heldBytes).toBe(4 * KiB);
  });

  it('keeps nothing of a read that stopped or failed', async () => {
    const cache = new ContentCache(64 * KiB);
    const recording = cache.record('a', KiB)!;
    await readThrough(recording, [Buffer.alloc(KiB)]);
    recording.drop();
    recording.keep();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.record('a', KiB)).not.toBeNull(); // the content can be recorded again
  });

  it('records a content once at a time, and none larger than a quarter of the budget', () => {
    const cache = new ContentCache(64 * KiB);
    expect(cache.record('big', 16 * KiB + 1)).toBeNull();
    const first = cache.record('a', 16 * KiB);
    expect(first).not.toBeNull();
    expect(cache.record('a', 16 * KiB)).toBeNull();
    first!.drop();
    expect(cache.record('a', 16 * KiB)).not.toBeNull();
  });

  it('holds no more recordings at once than its budget', () => {
    const cache = new ContentCache(64 * KiB);
    const recordings = ['a', 'b', 'c', 'd'].map((id) => cache.record(id, 16 * KiB));
    expect(recordings.every((recording) => recording !== null)).toBe(true);
    expect(cache.record('e', 1)).toBeNull();
    recordings[0]!.drop();
    expect(cache.record('e', 1)).not.toBeNull();
  });

  it('drops the least recently used content when full', async () => {
    const cache = new ContentCache(64 * KiB);
    for (const id of ['a', 'b', 'c', 'd']) {
      const recording = cache.record(id, 16 * KiB)!;
      await readThrough(recording, [Buffer.alloc(16 * KiB)]);
      recording.keep();
    }
    cache.get('a');
    const recording = cache.record('e', 16 * KiB)!;
    await readThrough(recording, [Buffer.alloc(16 * KiB)]);
    recording.keep();
    expect(['a', 'b', 'c', 'd', 'e'].filter((id) => cache.get(id))).toEqual(['a', 'c', 'd', 'e']);
    expect(cache.heldBytes).toBe(64 * KiB);
  });

  it('forgets a removed content, and one removed while it was being recorded never becomes an entry', async () => {
    const cache = new ContentCache(64 * KiB);
    const kept = cache.record('a', KiB)!;
    await readThrough(kept, [Buffer.alloc(KiB)]);
    kept.keep();
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();

    const recording = cache.record('b', KiB)!;
    await readThrough(recording, [Buffer.alloc(KiB)]);
    cache.delete('b');
    recording.keep();
    expect(cache.get('b')).toBeUndefined();
  });

  it('with no budget is off', () => {
    const cache = new ContentCache(0);
    expect(cache.record('a', 1)).toBeNull();
    expect(cache.get('a')).toBeUndefined();
  });
});
