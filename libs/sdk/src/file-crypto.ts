import { createDecipheriv, diffieHellman, hkdfSync, type KeyObject } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { LatchkeyError } from './errors.js';
import { x25519PublicKey } from './keys.js';

const TAG_BYTES = 16;
const NONCE_BYTES = 12;
const KEY_INFO_PREFIX = 'latchkey-file-v1:';

/**
 * The AES-256 key of one end-to-end encrypted download:
 * HKDF-SHA256(ikm = X25519(client private, server public), salt, info = "latchkey-file-v1:" + fileId, 32 bytes).
 */
export function deriveFileKey(
  clientPrivateKey: KeyObject,
  serverPublicKey: Buffer,
  salt: Buffer,
  fileId: string,
): Buffer {
  const shared = diffieHellman({ privateKey: clientPrivateKey, publicKey: x25519PublicKey(serverPublicKey) });
  return Buffer.from(hkdfSync('sha256', shared, salt, Buffer.from(KEY_INFO_PREFIX + fileId, 'utf8'), 32));
}

/** Record `index`'s GCM nonce: 4 zero bytes, then the index as an 8-byte big-endian integer. */
export function recordNonce(index: number): Buffer {
  const nonce = Buffer.alloc(NONCE_BYTES);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

/**
 * Decrypts the record stream of an end-to-end encrypted download. Each record
 * is `recordSize` bytes of plaintext (the last one shorter or equal, an empty
 * file one empty record) sealed with AES-256-GCM and followed by its 16-byte
 * tag; the AAD is one byte, 1 for the last record and 0 otherwise. A record's
 * plaintext is passed on only after its tag verified. The last record is only
 * known at the end of the stream, so one full record is held back until more
 * bytes arrive; a stream cut at a record boundary fails, as its final record
 * was sealed as "not last".
 */
export class FileDecipher extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private index = 0;
  private readonly sealedRecordBytes: number;

  constructor(
    private readonly key: Buffer,
    recordSize: number,
  ) {
    super();
    this.sealedRecordBytes = recordSize + TAG_BYTES;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    try {
      // Strictly more than one sealed record buffered: the first one is not the last.
      while (this.pending.length > this.sealedRecordBytes) {
        this.push(this.open(this.pending.subarray(0, this.sealedRecordBytes), false));
        this.pending = this.pending.subarray(this.sealedRecordBytes);
      }
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (this.pending.length < TAG_BYTES) {
        throw new LatchkeyError('FILE_INTEGRITY', 'Encrypted download is truncated');
      }
      this.push(this.open(this.pending, true));
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  private open(sealed: Buffer, last: boolean): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.key, recordNonce(this.index), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from([last ? 1 : 0]));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      decipher.final();
    } catch (cause) {
      throw new LatchkeyError('FILE_INTEGRITY', `Encrypted download record ${this.index} failed to authenticate`, 0, {
        cause,
      });
    }
    this.index += 1;
    return plain;
  }
}
