import { describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import { verifySignature } from '@latchkey/sdk';
import {
  decryptWithMasterKey,
  ed25519Signer,
  encryptWithMasterKey,
  hmacSha256,
  hmacSha256With,
  hmacSha512256,
  hmacSha512256With,
  generateSigningKeyPair,
  loadSigningKey,
  loadSodium,
  matchesDigest,
  pooledRandomBytes,
  randomHex,
  randomSecret,
  ResponseSigner,
  sha256,
  signMessage,
} from './crypto.js';

describe('crypto helpers', () => {
  it('seals and opens with the master key, and detects tampering', () => {
    const key = randomBytes(32);
    const sealed = encryptWithMasterKey(key, Buffer.from('secret'));
    expect(decryptWithMasterKey(key, sealed).toString()).toBe('secret');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decryptWithMasterKey(key, tampered)).toThrow();
    expect(() => decryptWithMasterKey(randomBytes(32), sealed)).toThrow();
  });

  it('signs responses that the SDK verifies with the raw public key', () => {
    const pair = generateSigningKeyPair();
    const key = loadSigningKey(pair.privateKeyDer);
    const signature = signMessage(key, '1700000000' + '{"ok":true}');
    expect(verifySignature(pair.publicKey, '1700000000', '{"ok":true}', signature)).toBe(true);
    expect(verifySignature(pair.publicKey, '1700000001', '{"ok":true}', signature)).toBe(false);
  });

  it('signs with libsodium where it loads, the very bytes OpenSSL signs', () => {
    const loaded = loadSodium();
    // The prebuilt addon covers Linux, macOS and Windows on x64 and arm64: here it must load.
    expect(loaded).not.toBeNull();
    expect(loadSodium('sodium-native-missing')).toBeNull();
    const withSodium = ed25519Signer(loaded!.sodium);
    const withOpenSsl = ed25519Signer(null);
    for (let i = 0; i < 20; i++) {
      const pair = generateSigningKeyPair();
      const key = loadSigningKey(pair.privateKeyDer);
      const message = `1700000000{"nonce":"${randomHex(16)}","n":${i},"text":"é ${'x'.repeat(i * 50)}"}`;
      const signature = withSodium(key, message);
      expect(signature).toBe(withOpenSsl(key, message));
      expect(signature).toBe(signMessage(key, message));
      expect(verifySignature(pair.publicKey, '1700000000', message.slice('1700000000'.length), signature)).toBe(true);
    }
  });

  it("makes libsodium's HMAC-SHA-512-256, the very bytes node:crypto makes without it", () => {
    const withSodium = hmacSha512256With(loadSodium()!.sodium);
    const withNodeCrypto = hmacSha512256With(null);
    for (let i = 0; i < 20; i++) {
      const key = randomBytes(32);
      const message = `${randomHex(8)}:${'é'.repeat(i)}${'x'.repeat(i * 40)}`;
      const mac = withSodium(key, message);
      expect(mac).toHaveLength(32);
      expect(mac.equals(withNodeCrypto(key, message))).toBe(true);
      expect(hmacSha512256(key, message).equals(mac)).toBe(true);
      expect(withSodium(randomBytes(32), message).equals(mac)).toBe(false);
    }
  });

  it("makes HMAC-SHA-256 from libsodium's SHA-256, the very bytes node:crypto's createHmac makes", () => {
    const withSodium = hmacSha256With(loadSodium()!.sodium);
    const withNodeCrypto = hmacSha256With(null);
    // Keys up to and past SHA-256's 64-byte block (RFC 2104 hashes a longer key first), non-ASCII among them.
    for (const keyLength of [0, 1, 32, 63, 64, 65, 100, 200]) {
      const key = `é${randomHex(64)}`.slice(0, keyLength);
      for (const message of ['', '{"success":true}', `${'é'.repeat(keyLength)}${'x'.repeat(keyLength * 20)}`]) {
        const mac = withSodium(key, message);
        expect(mac).toHaveLength(32);
        expect(mac.equals(createHmac('sha256', key).update(message).digest())).toBe(true);
        expect(mac.equals(withNodeCrypto(key, message))).toBe(true);
        expect(hmacSha256(key, message).equals(mac)).toBe(true);
      }
    }
    // Each call is its own: the scratch space keeps nothing of the call before.
    expect(withSodium('b', 'm').equals(createHmac('sha256', 'b').update('m').digest())).toBe(true);
  });

  it('reuses a signature only for the very message it signed', async () => {
    const pair = generateSigningKeyPair();
    const key = loadSigningKey(pair.privateKeyDer);
    const signer = new ResponseSigner(key);
    const messages: [string, string][] = [
      ['1700000000', '{"ok":true}'],
      ['1700000000', '{"ok":true}'],
      ['1700000001', '{"ok":true}'],
      ['1700000001', '{"ok":false}'],
      ['1700000001', '{"ok":true}'],
      ['170000000', '1{"ok":true}'],
    ];
    for (const [timestamp, body] of messages) {
      const signature = await signer.sign(timestamp, body);
      expect(signature).toBe(signMessage(key, timestamp + body));
      expect(verifySignature(pair.publicKey, timestamp, body, signature)).toBe(true);
    }
  });

  it('compares secrets with their digests', () => {
    const secret = randomSecret('lk_');
    expect(secret).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(matchesDigest(secret, sha256(secret))).toBe(true);
    expect(matchesDigest(secret + 'x', sha256(secret))).toBe(false);
  });

  it('hands out pooled random bytes once each, across pool refills, intact after a refill', () => {
    const first = pooledRandomBytes(16);
    const copy = Buffer.from(first);
    const drawn = Array.from({ length: 1000 }, () => randomHex(16));
    expect(new Set(drawn).size).toBe(1000);
    expect(drawn.every((hex) => /^[0-9a-f]{32}$/.test(hex))).toBe(true);
    // 16,000 bytes later the pool has been replaced several times; what was handed out is unchanged.
    expect(first.equals(copy)).toBe(true);
    expect(pooledRandomBytes(5000)).toHaveLength(5000);
  });
});
