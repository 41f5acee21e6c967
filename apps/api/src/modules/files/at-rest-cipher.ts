import { createCipheriv, createDecipheriv, randomBytes, type CipherGCM } from 'node:crypto';

/**
 * How file content is kept at rest: the plaintext is cut into chunks, each
 * sealed as its own AES-256-GCM record under the content's data key, so a
 * reader verifies a chunk completely before handing on any of its bytes.
 *
 * - record i = ciphertext | 16-byte tag, at most STORED_CHUNK_BYTES (1 MiB);
 * - nonce = 4 zero bytes | i as 8-byte big-endian: a data key seals one
 *   content only, so (key, nonce) never repeats, and a record moved to
 *   another position fails its tag;
 * - aad = one byte, 1 for the last record and 0 otherwise, so a store that
 *   lost its tail cannot pass for a shorter file.
 * An empty file is one empty (last) record.
 */
export const STORED_CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
export const PLAIN_CHUNK_BYTES = STORED_CHUNK_BYTES - TAG_BYTES;

/** Raised when stored content does not verify: a tampered, moved, missing or extra chunk. */
export class ContentIntegrityError extends Error {
  constructor(reason: string) {
    super(`file content failed verification: ${reason}`);
    this.name = 'ContentIntegrityError';
  }
}

export function newDataKey(): Buffer {
  return randomBytes(32);
}

/** The records a plaintext of `size` bytes is stored as. */
export function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / PLAIN_CHUNK_BYTES));
}

/** The 12-byte GCM nonce of record `index`: 4 zero bytes and the index as 8 bytes big-endian. */
export function recordNonce(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

const LAST = Buffer.from([1]);
const NOT_LAST = Buffer.from([0]);

/** The cipher that seals record `index`, to be fed its plaintext (in one or more parts). */
export function recordCipher(key: Buffer, index: number, last: boolean): CipherGCM {
  const cipher = createCipheriv('aes-256-gcm', key, recordNonce(index));
  cipher.setAAD(last ? LAST : NOT_LAST);
  return cipher;
}

export function sealRecord(key: Buffer, index: number, plaintext: Buffer, last: boolean): Buffer {
  const cipher = recordCipher(key, index, last);
  const head = cipher.update(plaintext);
  const tail = cipher.final();
  return Buffer.concat([head, tail, cipher.getAuthTag()]);
}

/** The plaintext of a record, or ContentIntegrityError. Nothing is returned before the tag verifies. */
export function openRecord(key: Buffer, index: number, record: Buffer, last: boolean): Buffer {
  if (record.length < TAG_BYTES) throw new ContentIntegrityError(`record ${index} is too short`);
  const decipher = createDecipheriv('aes-256-gcm', key, recordNonce(index));
  decipher.setAAD(last ? LAST : NOT_LAST);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  try {
    const head = decipher.update(record.subarray(0, record.length - TAG_BYTES));
    const tail = decipher.final();
    // GCM's final() yields no bytes: skip a copy of the whole record (a download's main garbage).
    return tail.length === 0 ? head : Buffer.concat([head, tail]);
  } catch {
    throw new ContentIntegrityError(`record ${index} does not verify`);
  }
}

/**
 * Seals a plaintext stream into stored records. The plaintext is gathered in
 * one chunk-sized buffer, reused for every record (sealing copies it out); a
 * full chunk is sealed only once the next byte shows it is not the last.
 */
export async function* sealChunks(key: Buffer, plaintext: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const chunk = Buffer.allocUnsafeSlow(PLAIN_CHUNK_BYTES);
  let filled = 0;
  let index = 0;
  for await (const piece of plaintext) {
    let offset = 0;
    while (offset < piece.length) {
      if (filled === PLAIN_CHUNK_BYTES) {
        yield sealRecord(key, index++, chunk, false);
        filled = 0;
      }
      const copied = piece.copy(chunk, filled, offset);
      filled += copied;
      offset += copied;
    }
  }
  yield sealRecord(key, index, chunk.subarray(0, filled), true);
}

/**
 * Opens stored records back into plaintext, checking that there are exactly
 * as many as a plaintext of `size` bytes needs and that they add up to it.
 * A record that does not verify throws before any of its bytes are yielded.
 * Each plaintext yielded is a buffer of its own, whatever the records were
 * read into, so it may be kept (the cache of recent contents does).
 */
export async function* openChunks(key: Buffer, records: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  const count = chunkCount(size);
  let index = 0;
  let total = 0;
  for await (const record of records) {
    if (index >= count) throw new ContentIntegrityError(`unexpected record ${index}`);
    const plaintext = openRecord(key, index, record, index === count - 1);
    total += plaintext.length;
    if (total > size) throw new ContentIntegrityError(`more than ${size} bytes`);
    index += 1;
    yield plaintext;
  }
  if (index !== count || total !== size) {
    throw new ContentIntegrityError(`${index} of ${count} records, ${total} of ${size} bytes`);
  }
}
