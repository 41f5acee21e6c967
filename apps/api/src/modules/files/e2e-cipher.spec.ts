import { describe, expect, it } from '@jest/globals';
// What the client's side below uses, then what the tests make their keys and data with.
import { createDecipheriv, createPublicKey, diffieHellman, hkdfSync, type KeyObject } from 'node:crypto';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { FILE_E2E_ALG } from '@latchkey/contracts';
import { agreeDownloadKey, encryptedSize, parseClientPublicKey, sealForClient } from './e2e-cipher.js';

function rawPublicKey(key: KeyObject): string {
  return Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
}

/** The client's side, written from the contract's text. */
function decrypt(privateKey: KeyObject, fileId: string, serverPublicKey: string, salt: string, body: Buffer): Buffer {
  const server = createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(serverPublicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const shared = diffieHellman({ privateKey, publicKey: server });
  const key = Buffer.from(hkdfSync('sha256', shared, Buffer.from(salt, 'base64'), `latchkey-file-v1:${fileId}`, 32));
  const out: Buffer[] = [];
  const recordBytes = 65536 + 16;
  for (let offset = 0, index = 0; offset < body.length || index === 0; offset += recordBytes, index++) {
    const record = body.subarray(offset, offset + recordBytes);
    const nonce = Buffer.alloc(12);
    nonce.writeBigUInt64BE(BigInt(index), 4);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from([offset + recordBytes >= body.length ? 1 : 0]));
    decipher.setAuthTag(record.subarray(record.length - 16));
    out.push(decipher.update(record.subarray(0, record.length - 16)), decipher.final());
  }
  return Buffer.concat(out);
}

async function* pieces(data: Buffer, pieceSize: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < data.length; offset += pieceSize) yield data.subarray(offset, offset + pieceSize);
}

async function collect(source: AsyncIterable<Buffer[]>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const batch of source) out.push(...batch);
  return Buffer.concat(out);
}

describe('client public key', () => {
  it('accepts base64 of a raw 32-byte X25519 key', () => {
    const { publicKey } = generateKeyPairSync('x25519');
    expect(parseClientPublicKey(rawPublicKey(publicKey))).not.toBeNull();
  });

  it.each([
    ['not a string', 42],
    ['31 bytes', randomBytes(31).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['base64url', 'A'.repeat(42) + '_='],
    ['no padding', randomBytes(32).toString('base64').slice(0, 43)],
    ['whitespace', ` ${randomBytes(32).toString('base64')}`],
  ])('refuses %s', (_what, value) => {
    expect(parseClientPublicKey(value)).toBeNull();
  });

  it('refuses a key that yields no shared secret (the zero point)', () => {
    const zero = parseClientPublicKey(Buffer.alloc(32).toString('base64'));
    expect(zero && agreeDownloadKey(zero, Buffer.alloc(32).toString('base64'), 'f')).toBeNull();
  });
});

describe('end-to-end stream', () => {
  it.each([0, 1, 65535, 65536, 65537, 3 * 65536, 1_048_560 * 2 + 7])(
    'a client decrypts %i bytes with its own implementation',
    async (size) => {
      const client = generateKeyPairSync('x25519');
      const clientKey = rawPublicKey(client.publicKey);
      const agreed = agreeDownloadKey(parseClientPublicKey(clientKey)!, clientKey, 'file-1')!;
      expect(agreed.encryption).toEqual({
        alg: FILE_E2E_ALG,
        serverPublicKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
        salt: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
        recordSize: 65536,
        clientPublicKey: clientKey,
      });
      const data = randomBytes(size);
      // Pieces as the at-rest layer hands them over: 1 MiB minus a tag.
      const body = await collect(sealForClient(agreed.key, pieces(data, 1_048_560), size));
      expect(body.length).toBe(encryptedSize(size));
      const { serverPublicKey, salt } = agreed.encryption;
      expect(decrypt(client.privateKey, 'file-1', serverPublicKey, salt, body).equals(data)).toBe(true);
      // The key is bound to the file id.
      expect(() => decrypt(client.privateKey, 'file-2', serverPublicKey, salt, body)).toThrow();
    },
  );

  it('seals the same bytes however the plaintext is cut (records span pieces)', async () => {
    const key = randomBytes(32);
    const size = 3 * 65536 + 1234;
    const data = randomBytes(size);
    const whole = await collect(sealForClient(key, pieces(data, size), size));
    for (const piece of [1, 1000, 65535, 65536, 65537, 100_000]) {
      expect((await collect(sealForClient(key, pieces(data, piece), size))).equals(whole)).toBe(true);
    }
  });

  it('uses a fresh server key and salt per download', () => {
    const { publicKey } = generateKeyPairSync('x25519');
    const raw = rawPublicKey(publicKey);
    const a = agreeDownloadKey(publicKey, raw, 'f')!;
    const b = agreeDownloadKey(publicKey, raw, 'f')!;
    expect(a.encryption.serverPublicKey).not.toBe(b.encryption.serverPublicKey);
    expect(a.encryption.salt).not.toBe(b.encryption.salt);
    expect(a.key).not.toEqual(b.key);
  });
});
