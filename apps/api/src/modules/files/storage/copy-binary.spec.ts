import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readCopiedBytea } from './copy-binary.js';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** What PostgreSQL sends for `COPY (SELECT bytea ...) TO STDOUT (FORMAT binary)`. */
function copyOutput(values: Buffer[]): Buffer {
  const parts: Buffer[] = [SIGNATURE, Buffer.alloc(8)];
  for (const value of values) {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(value.length, 2);
    parts.push(head, value);
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('readCopiedBytea', () => {
  it('decodes the value whatever the chunk boundaries, into the given buffer', async () => {
    const value = randomBytes(300);
    const output = copyOutput([value]);
    for (const size of [1, 2, 3, 5, 7, 19, 20, 64, output.length]) {
      const into = Buffer.alloc(1024);
      const got = await readCopiedBytea(inPieces(output, size), into);
      expect(got?.equals(value)).toBe(true);
      expect(got?.buffer).toBe(into.buffer);
    }
  });

  it('answers null when no row came, and an empty buffer for an empty value', async () => {
    expect(await readCopiedBytea(inPieces(copyOutput([]), 4), Buffer.alloc(8))).toBeNull();
    expect((await readCopiedBytea(inPieces(copyOutput([Buffer.alloc(0)]), 4), Buffer.alloc(8)))?.length).toBe(0);
  });

  it('refuses a value larger than the buffer, two rows, a cut stream and a wrong signature', async () => {
    await expect(readCopiedBytea(inPieces(copyOutput([randomBytes(9)]), 4), Buffer.alloc(8))).rejects.toThrow(/fit/);
    await expect(
      readCopiedBytea(inPieces(copyOutput([randomBytes(2), randomBytes(2)]), 4), Buffer.alloc(8)),
    ).rejects.toThrow(/one row/);
    const full = copyOutput([randomBytes(5)]);
    await expect(readCopiedBytea(inPieces(full.subarray(0, full.length - 3), 4), Buffer.alloc(8))).rejects.toThrow(
      /early/,
    );
    const wrong = Buffer.from(full);
    wrong[0] = 0;
    await expect(readCopiedBytea(inPieces(wrong, 4), Buffer.alloc(8))).rejects.toThrow(/not a binary COPY/);
  });
});
