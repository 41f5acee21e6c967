import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  hash,
  randomBytes,
  sign,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { createRequire } from 'node:module';

/** SHA-256 digest; high-entropy secrets (API keys, tokens, license keys) are stored and looked up by it. */
export function sha256(value: string): Buffer {
  // One-shot: about half the cost of a Hash object for short inputs, and this runs on every client call.
  return hash('sha256', value, 'buffer');
}

/** Constant-time comparison of a presented secret with a stored SHA-256 digest. */
export function matchesDigest(presented: string, digest: Buffer): boolean {
  const candidate = sha256(presented);
  return candidate.length === digest.length && timingSafeEqual(candidate, digest);
}

/**
 * Random bytes are drawn from the system's generator this many at a time: one
 * draw costs about 5 µs whatever its size, and the client endpoints take 16-32
 * bytes on almost every answer (tokens, session ids, nonces).
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolUsed = 0;

/**
 * `count` fresh random bytes, never handed out twice. A spent pool is
 * replaced, never refilled in place, so bytes already handed out stay as they were.
 */
export function pooledRandomBytes(count: number): Buffer {
  if (count > RANDOM_POOL_BYTES) return randomBytes(count);
  if (randomPoolUsed + count > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolUsed = 0;
  }
  const bytes = randomPool.subarray(randomPoolUsed, randomPoolUsed + count);
  randomPoolUsed += count;
  return bytes;
}

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  return pooledRandomBytes(bytes).toString('hex');
}

/** A random secret with a readable prefix: `prefix` + base64url of `bytes` random bytes. */
export function randomSecret(prefix: string, bytes = 32): string {
  return prefix + pooledRandomBytes(bytes).toString('base64url');
}

export interface SigningKeyPair {
  /** base64 of the raw 32-byte public key, as clients receive it */
  publicKey: string;
  /** PKCS#8 DER of the private key */
  privateKeyDer: Buffer;
}

export function generateSigningKeyPair(): SigningKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The raw key is the last 32 bytes of the SPKI DER encoding.
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKey: spki.subarray(spki.length - 32).toString('base64'),
    privateKeyDer: privateKey.export({ format: 'der', type: 'pkcs8' }),
  };
}

/** `keyId` of an app: the first 16 hex characters of SHA-256 of the raw public key (offline tickets' `kid`). */
export function keyIdOf(publicKeyBase64: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 16);
}

export function loadSigningKey(privateKeyDer: Buffer): KeyObject {
  return createPrivateKey({ key: privateKeyDer, format: 'der', type: 'pkcs8' });
}

/** What is used here of libsodium's binding (sodium-native). */
export interface Sodium {
  crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
  crypto_auth(mac: Buffer, message: Buffer, key: Buffer): void;
  crypto_hash_sha256(digest: Buffer, message: Buffer): void;
  crypto_hash_sha256_init(state: Buffer): void;
  crypto_hash_sha256_update(state: Buffer, message: Buffer): void;
  crypto_hash_sha256_final(state: Buffer, digest: Buffer): void;
  crypto_hash_sha256_STATEBYTES: number;
}

const ED25519_SIGNATURE_BYTES = 64;

/**
 * libsodium signs Ed25519 about twice as fast as OpenSSL, and every signed
 * answer pays for one. Its signatures are the same bytes (RFC 8032 signatures
 * are deterministic), so where its prebuilt addon does not load, OpenSSL's
 * serve and nothing else changes.
 */
export function loadSodium(module = 'sodium-native'): { module: string; sodium: Sodium } | null {
  try {
    const require = createRequire(import.meta.url);
    const resolved = require.resolve(module);
    return { module: resolved, sodium: require(resolved) as Sodium };
  } catch {
    return null;
  }
}

const loadedSodium = loadSodium();
/** The file sodium-native loads from, for the signing thread; null where it does not load. */
export const SODIUM_MODULE = loadedSodium?.module ?? null;

const sodiumSecretKeys = new WeakMap<KeyObject, Buffer>();

/** libsodium's form of an Ed25519 private key: its 32-byte seed, then its public key. */
export function sodiumSecretKey(key: KeyObject): Buffer {
  let secretKey = sodiumSecretKeys.get(key);
  if (!secretKey) {
    const { d, x } = key.export({ format: 'jwk' });
    secretKey = Buffer.concat([Buffer.from(d!, 'base64url'), Buffer.from(x!, 'base64url')]);
    sodiumSecretKeys.set(key, secretKey);
  }
  return secretKey;
}

/** Ed25519 signing (hex) through libsodium when given, else OpenSSL (node:crypto). */
export function ed25519Signer(sodium: Sodium | null): (key: KeyObject, message: string) => string {
  if (!sodium) return (key, message) => sign(null, Buffer.from(message), key).toString('hex');
  return (key, message) => {
    const signature = Buffer.allocUnsafe(ED25519_SIGNATURE_BYTES);
    sodium.crypto_sign_detached(signature, Buffer.from(message), sodiumSecretKey(key));
    return signature.toString('hex');
  };
}

/** Ed25519 signature (hex) of `message`; an answer's is of `timestamp + body`, as sent in X-Signature-Ed25519. */
export const signMessage = ed25519Signer(loadedSodium?.sodium ?? null);

const HMAC_SHA512_256_BYTES = 32;

/**
 * HMAC-SHA-512-256 (libsodium's `crypto_auth`) under a 32-byte key, through
 * libsodium when given, else node:crypto: the same bytes either way. On a
 * loaded event loop a `createHmac` costs several times its hashing (OpenSSL
 * looks its digest up anew for each one); libsodium's call does not.
 */
export function hmacSha512256With(sodium: Sodium | null): (key: Buffer, message: string) => Buffer {
  if (!sodium) {
    return (key, message) => createHmac('sha512', key).update(message).digest().subarray(0, HMAC_SHA512_256_BYTES);
  }
  return (key, message) => {
    const mac = Buffer.allocUnsafe(HMAC_SHA512_256_BYTES);
    sodium.crypto_auth(mac, Buffer.from(message), key);
    return mac;
  };
}

/** HMAC-SHA-512-256 of `message` under the 32-byte `key`, for the MACs the hot path makes and checks itself. */
export const hmacSha512256 = hmacSha512256With(loadedSodium?.sodium ?? null);

const SHA256_BLOCK_BYTES = 64;
const SHA256_BYTES = 32;
const HMAC_INNER_PAD = 0x36;
const HMAC_OUTER_PAD = 0x5c;

/**
 * HMAC-SHA-256 (RFC 2104) through libsodium's SHA-256 when given, else
 * node:crypto's `createHmac`: the same bytes either way. sodium-native binds no
 * HMAC-SHA-256 of its own, so its two hashes are made here from libsodium's
 * SHA-256; unlike `createHmac`, they skip OpenSSL's digest lookup per MAC.
 */
export function hmacSha256With(sodium: Sodium | null): (key: string, message: string) => Buffer {
  if (!sodium) return (key, message) => createHmac('sha256', key).update(message).digest();
  // Scratch space reused by every call: each runs to its end synchronously.
  const state = Buffer.alloc(sodium.crypto_hash_sha256_STATEBYTES);
  const pad = Buffer.alloc(SHA256_BLOCK_BYTES);
  const inner = Buffer.alloc(SHA256_BYTES);
  /** SHA-256 of the padded key followed by `text`, written into `digest`. */
  const padThenHash = (text: Buffer, digest: Buffer): void => {
    sodium.crypto_hash_sha256_init(state);
    sodium.crypto_hash_sha256_update(state, pad);
    sodium.crypto_hash_sha256_update(state, text);
    sodium.crypto_hash_sha256_final(state, digest);
  };
  return (key, message) => {
    let keyBytes = Buffer.from(key);
    if (keyBytes.length > SHA256_BLOCK_BYTES) {
      const digest = Buffer.alloc(SHA256_BYTES);
      sodium.crypto_hash_sha256(digest, keyBytes);
      keyBytes = digest;
    }
    pad.fill(HMAC_INNER_PAD);
    for (let i = 0; i < keyBytes.length; i++) pad[i]! ^= keyBytes[i]!;
    padThenHash(Buffer.from(message), inner);
    for (let i = 0; i < SHA256_BLOCK_BYTES; i++) pad[i]! ^= HMAC_INNER_PAD ^ HMAC_OUTER_PAD;
    const mac = Buffer.alloc(SHA256_BYTES);
    padThenHash(inner, mac);
    pad.fill(0);
    return mac;
  };
}

/** HMAC-SHA-256 of `message` under `key`: KeyAuth 1.2's signature of every answer. */
export const hmacSha256 = hmacSha256With(loadedSodium?.sodium ?? null);

/** What makes a signature off the event loop (SigningThread); without one, answers are signed inline. */
export interface SignatureMaker {
  sign(key: KeyObject, message: string): Promise<string> | string;
}

/**
 * Signs one app's answers. Ed25519 signatures are deterministic (RFC 8032): the
 * same key and message always give the same signature, so an answer identical
 * to the previous one (same body, same second) reuses its signature instead of
 * computing it again. Signing is the largest single cost of `init`, and a
 * launch-minute burst of `init` calls without a nonce gets identical answers:
 * one signature a second instead of one per call. Answers carrying a nonce or a
 * session differ and are signed each time, by `maker` when there is one.
 */
export class ResponseSigner {
  private lastMessage = '';
  private lastSignature: Promise<string> | string = '';

  constructor(
    private readonly key: KeyObject,
    private readonly maker: SignatureMaker | null = null,
  ) {}

  /** The hex signature of `timestamp + body`: a string when known at once, else a promise of it. */
  sign(timestamp: string, body: string): Promise<string> | string {
    const message = timestamp + body;
    if (message !== this.lastMessage) {
      this.lastSignature = this.maker ? this.maker.sign(this.key, message) : signMessage(this.key, message);
      this.lastMessage = message;
    }
    return this.lastSignature;
  }
}

const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

/**
 * Encrypts with AES-256-GCM under the master key. Output: iv | tag | ciphertext.
 * Used for app signing keys, which must be recoverable (a hash would not do).
 */
export function encryptWithMasterKey(masterKey: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(GCM_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

export function decryptWithMasterKey(masterKey: Buffer, sealed: Buffer): Buffer {
  const iv = sealed.subarray(0, GCM_IV_BYTES);
  const tag = sealed.subarray(GCM_IV_BYTES, GCM_IV_BYTES + GCM_TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', masterKey, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(GCM_IV_BYTES + GCM_TAG_BYTES)), decipher.final()]);
}
