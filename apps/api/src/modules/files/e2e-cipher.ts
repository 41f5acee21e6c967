import {
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type CipherGCM,
  type KeyObject,
} from 'node:crypto';
import { FILE_E2E_ALG, FILE_E2E_RECORD_SIZE, type FileEncryption } from '@latchkey/contracts';
import { recordCipher } from './at-rest-cipher.js';

/**
 * End-to-end encryption of a download to a key the client holds (contract,
 * "End-to-end file encryption"): X25519 with a fresh server key pair per
 * download, HKDF-SHA256 with a random salt and info "latchkey-file-v1:" +
 * fileId, then AES-256-GCM records of FILE_E2E_RECORD_SIZE plaintext bytes
 * (nonce = 4 zero bytes + index as 8 bytes big-endian, aad = 1 for the last
 * record, else 0), each sent as ciphertext followed by its 16-byte tag.
 */

const TAG_BYTES = 16;
const RAW_X25519 = /^[A-Za-z0-9+/]{43}=$/;

/** The client's key from its base64 form, or null when it is not a raw 32-byte X25519 public key. */
export function parseClientPublicKey(base64: unknown): KeyObject | null {
  if (typeof base64 !== 'string' || !RAW_X25519.test(base64)) return null;
  try {
    const raw = Buffer.from(base64, 'base64');
    return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}

/**
 * Agrees a key with the client for one download of `fileId`. Returns what the
 * answer shows (`encryption`) and the key the download is sealed with, or
 * null when the client's key is unusable (a low-order point gives no secret).
 */
export function agreeDownloadKey(
  clientPublicKey: KeyObject,
  clientPublicKeyBase64: string,
  fileId: string,
): { encryption: FileEncryption; key: Buffer } | null {
  const server = generateKeyPairSync('x25519');
  let shared: Buffer;
  try {
    shared = diffieHellman({ privateKey: server.privateKey, publicKey: clientPublicKey });
  } catch {
    return null;
  }
  if (shared.every((byte) => byte === 0)) return null;
  const salt = randomBytes(16);
  const key = Buffer.from(hkdfSync('sha256', shared, salt, `latchkey-file-v1:${fileId}`, 32));
  const serverRaw = Buffer.from(server.publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return {
    key,
    encryption: {
      alg: FILE_E2E_ALG,
      serverPublicKey: serverRaw.toString('base64'),
      salt: salt.toString('base64'),
      recordSize: FILE_E2E_RECORD_SIZE,
      clientPublicKey: clientPublicKeyBase64,
    },
  };
}

function recordCount(size: number): number {
  return Math.max(1, Math.ceil(size / FILE_E2E_RECORD_SIZE));
}

/** Bytes on the wire for a plaintext of `size` bytes: every record adds its tag. */
export function encryptedSize(size: number): number {
  return size + TAG_BYTES * recordCount(size);
}

/**
 * Re-cuts a plaintext stream of `size` bytes into records and seals each one.
 * The caller guarantees the stream holds exactly `size` bytes (openChunks does).
 * Each piece is fed straight to the ciphers of the records it spans (GCM
 * takes a record in parts), and what those ciphers give back comes out as one
 * batch per piece, the buffers as the ciphers made them: gathering them into
 * one buffer cost a 1 MiB allocation and copy per MiB, and handing them on
 * one by one a stream step and a socket write per 64 KiB record and per tag
 * (docs/decisions/files.md, "Downloads at speed").
 */
export async function* sealForClient(
  key: Buffer,
  plaintext: AsyncIterable<Buffer>,
  size: number,
): AsyncGenerator<Buffer[]> {
  const last = recordCount(size) - 1;
  let index = 0;
  let cipher = recordCipher(key, index, index === last);
  let sealedInRecord = 0;
  for await (const piece of plaintext) {
    const sealed: Buffer[] = [];
    let offset = 0;
    while (offset < piece.length) {
      const room = index === last ? piece.length - offset : FILE_E2E_RECORD_SIZE - sealedInRecord;
      const take = Math.min(room, piece.length - offset);
      sealed.push(cipher.update(piece.subarray(offset, offset + take)));
      offset += take;
      sealedInRecord += take;
      if (index < last && sealedInRecord === FILE_E2E_RECORD_SIZE) {
        sealed.push(recordTail(cipher));
        index += 1;
        cipher = recordCipher(key, index, index === last);
        sealedInRecord = 0;
      }
    }
    if (sealed.length > 0) yield sealed;
  }
  yield [recordTail(cipher)];
}

/** What ends a record: the cipher's last bytes (none, for GCM) and the tag. */
function recordTail(cipher: CipherGCM): Buffer {
  const rest = cipher.final();
  return rest.length === 0 ? cipher.getAuthTag() : Buffer.concat([rest, cipher.getAuthTag()]);
}
