import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  chunkCount,
  ContentIntegrityError,
  newDataKey,
  openChunks,
  PLAIN_CHUNK_BYTES,
  sealChunks,
  STORED_CHUNK_BYTES,
} from './at-rest-cipher.js';

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const piece of source) out.push(piece);
  return out;
}

/** Feeds `data` in pieces of `pieceSize`, as a socket would. */
async function* pieces(data: Buffer, pieceSize = 65536): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < data.length; offset += pieceSize) yield data.subarray(offset, offset + pieceSize);
}

async function* from(records: Buffer[]): AsyncGenerator<Buffer> {
  yield* records;
}

describe('at-rest records', () => {
  it.each([0, 1, PLAIN_CHUNK_BYTES - 1, PLAIN_CHUNK_BYTES, PLAIN_CHUNK_BYTES + 1, 2 * PLAIN_CHUNK_BYTES + 12345])(
    'seals and opens %i bytes in records of at most 1 MiB',
    async (size) => {
      const key = newDataKey();
      const data = randomBytes(size);
      const records = await collect(sealChunks(key, pieces(data, 70_001)));
      expect(records).toHaveLength(chunkCount(size));
      for (const record of records) expect(record.length).toBeLessThanOrEqual(STORED_CHUNK_BYTES);
      // equals, not toEqual: jest compares large buffers byte by byte, slowly.
      expect(Buffer.concat(await collect(openChunks(key, from(records), size))).equals(data)).toBe(true);
    },
  );

  it('never holds ciphertext equal to the plaintext, and differs per key', async () => {
    const data = Buffer.alloc(4096, 0x41);
    const [a] = await collect(sealChunks(newDataKey(), pieces(data)));
    const [b] = await collect(sealChunks(newDataKey(), pieces(data)));
    expect(a!.includes(Buffer.alloc(64, 0x41))).toBe(false);
    expect(a).not.toEqual(b);
  });

  it('refuses a flipped byte before yielding anything of that record', async () => {
    const key = newDataKey();
    const size = 2 * PLAIN_CHUNK_BYTES + 10;
    const records = await collect(sealChunks(key, pieces(randomBytes(size))));
    records[1]![500]! ^= 0x01;
    const yielded: Buffer[] = [];
    await expect(
      (async () => {
        for await (const piece of openChunks(key, from(records), size)) yielded.push(piece);
      })(),
    ).rejects.toThrow(ContentIntegrityError);
    expect(yielded).toHaveLength(1);
  });

  it.each([
    ['a missing tail', (r: Buffer[]) => r.slice(0, 2)],
    ['swapped records', (r: Buffer[]) => [r[1]!, r[0]!, r[2]!]],
    ['an extra record', (r: Buffer[]) => [...r, r[2]!]],
    ['a last record passed as a middle one', (r: Buffer[]) => [r[0]!, r[2]!]],
  ])('refuses %s', async (_what, alter) => {
    const key = newDataKey();
    const size = 2 * PLAIN_CHUNK_BYTES + 10;
    const records = await collect(sealChunks(key, pieces(randomBytes(size))));
    await expect(collect(openChunks(key, from(alter(records)), size))).rejects.toThrow(ContentIntegrityError);
  });

  it('refuses a size that does not match the records', async () => {
    const key = newDataKey();
    const records = await collect(sealChunks(key, pieces(randomBytes(1000))));
    await expect(collect(openChunks(key, from(records), 999))).rejects.toThrow(ContentIntegrityError);
    await expect(collect(openChunks(key, from(records), 1001))).rejects.toThrow(ContentIntegrityError);
  });

  it('refuses records under another key', async () => {
    const records = await collect(sealChunks(newDataKey(), pieces(randomBytes(10))));
    await expect(collect(openChunks(newDataKey(), from(records), 10))).rejects.toThrow(ContentIntegrityError);
  });
});
