import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readCopiedByteas } from './copy-binary.js';

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

describe('readCopiedByteas', () => {
  it('decodes the values whatever the chunk boundaries, one after another into the given buffer', async () => {
    const values = [randomBytes(300), randomBytes(1), randomBytes(200)];
    const output = copyOutput(values);
    for (const size of [1, 2, 3, 5, 7, 19, 20, 64, output.length]) {
      const into = Buffer.alloc(1024);
      const got = await readCopiedByteas(inPieces(output, size), into, 3);
      expect(got.map((value) => value.toString('hex'))).toEqual(values.map((value) => value.toString('hex')));
      expect(got.every((value) => value.buffer === into.buffer)).toBe(true);
      expect(got[1]!.byteOffset).toBe(got[0]!.byteOffset + 300);
    }
  });

  it('answers no values when no row came, and an empty buffer for an empty value', async () => {
    expect(await readCopiedByteas(inPieces(copyOutput([]), 4), Buffer.alloc(8), 1)).toEqual([]);
    const got = await readCopiedByteas(
      inPieces(copyOutput([Buffer.alloc(0), Buffer.from('ab')]), 4),
      Buffer.alloc(8),
      2,
    );
    expect(got.map((value) => value.toString())).toEqual(['', 'ab']);
  });

  it('refuses values that overflow the buffer, too many rows, a cut stream and a wrong signature', async () => {
    const into = () => Buffer.alloc(8);
    await expect(readCopiedByteas(inPieces(copyOutput([randomBytes(9)]), 4), into(), 1)).rejects.toThrow(/fit/);
    await expect(
      readCopiedByteas(inPieces(copyOutput([randomBytes(5), randomBytes(4)]), 4), into(), 2),
    ).rejects.toThrow(/fit/);
    await expect(
      readCopiedByteas(inPieces(copyOutput([randomBytes(2), randomBytes(2)]), 4), into(), 1),
    ).rejects.toThrow(/more rows than the 1 asked for/);
    const full = copyOutput([randomBytes(5)]);
    await expect(readCopiedByteas(inPieces(full.subarray(0, full.length - 3), 4), into(), 1)).rejects.toThrow(/early/);
    const wrong = Buffer.from(full);
    wrong[0] = 0;
    await expect(readCopiedByteas(inPieces(wrong, 4), into(), 1)).rejects.toThrow(/not a binary COPY/);
  });
});
