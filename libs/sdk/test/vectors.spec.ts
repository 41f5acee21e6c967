import { describe, expect, it } from '@jest/globals';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
// @ts-expect-error: a plain .mjs script without declarations
import { generateVectors, sealRecords, vectorsMarkdown } from '../scripts/vectors.mjs';
import {
  deriveFileKey,
  FileDecipher,
  keyIdOf,
  LatchkeyError,
  machineId,
  verifySignature,
  verifyTicket,
} from '../src/index.js';
import { ed25519PublicKey, rawPublicKey } from '../src/keys.js';
import { checkAnswer } from '../src/transport.js';
import { signingKey, vectors } from './fake-service.js';
import { rejection } from './rejection.js';

const publicKey = vectors.signing.publicKey as string;
const appId = vectors.ticket.claims.iss as string;

function thrown(fn: () => unknown): LatchkeyError {
  try {
    fn();
  } catch (err) {
    if (err instanceof LatchkeyError) return err;
    throw err;
  }
  throw new Error('expected a LatchkeyError');
}

describe('test vectors', () => {
  it('are what the generator script produces, in vectors.json and in docs/client-protocol.md', () => {
    const generated = generateVectors();
    expect(vectors).toEqual(generated);
    const doc = readFileSync(new URL('../../../docs/client-protocol.md', import.meta.url), 'utf8');
    expect(doc).toContain(vectorsMarkdown(generated));
  });

  it("derive the app's keyId from the public key", () => {
    expect(keyIdOf(publicKey)).toBe(vectors.signing.keyId);
    expect(vectors.signing.publicKeyHex).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
  });
});

describe('answer signatures', () => {
  const { answer } = vectors;
  const lookup = (headers: Headers) => (name: string) => headers.get(name);
  const headers = (a: typeof answer) => lookup(new Headers(a.headers));
  const verify = { publicKey: ed25519PublicKey(publicKey), maxSkewSeconds: 30, now: () => 1795300000 * 1000 };

  it('verify over the timestamp followed by the exact body bytes', () => {
    const signature = answer.headers['X-Signature-Ed25519'];
    const timestamp = answer.headers['X-Signature-Timestamp'];
    expect(verifySignature(publicKey, timestamp, answer.body, signature)).toBe(true);
    expect(verifySignature(publicKey, timestamp, answer.body.replace('1.2.3', '1.2.4'), signature)).toBe(false);
    expect(verifySignature(publicKey, String(Number(timestamp) + 1), answer.body, signature)).toBe(false);
    expect(verifySignature(publicKey, timestamp, answer.body, signature.slice(2))).toBe(false);
  });

  it('accepts the vector answer for its nonce, and hands back the envelope without it', () => {
    const res = checkAnswer(200, headers(answer), Buffer.from(answer.body), 'Vq3tX9kP2mWz7LbR4nHc8s', verify);
    expect(res.verified).toBe(true);
    expect(res.body).toEqual({
      success: true,
      message: 'App initialized',
      data: { name: 'Vector App', version: '1.2.3', updateUrl: null },
    });
    const refusal = vectors.refusal;
    const refused = checkAnswer(401, headers(refusal), Buffer.from(refusal.body), refusal.requestNonce, verify);
    expect(refused.body.message).toBe('Invalid or expired session');
  });

  it('refuses a replay (another nonce), a stale or future timestamp, a tampered body and another key', () => {
    const body = Buffer.from(answer.body);
    expect(thrown(() => checkAnswer(200, headers(answer), body, 'another-nonce-123', verify)).code).toBe(
      'NONCE_MISMATCH',
    );
    for (const offset of [31, -31]) {
      const now = () => (1795300000 + offset) * 1000;
      expect(thrown(() => checkAnswer(200, headers(answer), body, 'x', { ...verify, now })).code).toBe(
        'STALE_RESPONSE',
      );
    }
    const within = () => (1795300000 + 30) * 1000;
    expect(checkAnswer(200, headers(answer), body, 'Vq3tX9kP2mWz7LbR4nHc8s', { ...verify, now: within }).verified).toBe(
      true,
    );
    const tampered = Buffer.from(answer.body.replace('"success":true', '"success":false'));
    expect(thrown(() => checkAnswer(200, headers(answer), tampered, 'x', verify)).code).toBe('SIGNATURE_INVALID');
    const otherKey = generateKeyPairSync('ed25519').publicKey;
    expect(thrown(() => checkAnswer(200, headers(answer), body, 'x', { ...verify, publicKey: otherKey })).code).toBe(
      'SIGNATURE_INVALID',
    );
  });

  it('refuses malformed signature headers, and reports an unsigned answer as unverified', () => {
    const body = Buffer.from(answer.body);
    const onlySignature = lookup(new Headers({ 'x-signature-ed25519': answer.headers['X-Signature-Ed25519'] }));
    expect(thrown(() => checkAnswer(200, onlySignature, body, 'x', verify)).code).toBe('SIGNATURE_INVALID');
    const badTimestamp = lookup(new Headers({ ...answer.headers, 'X-Signature-Timestamp': '1795300000.5' }));
    expect(thrown(() => checkAnswer(200, badTimestamp, body, 'x', verify)).code).toBe('SIGNATURE_INVALID');
    const unsigned = checkAnswer(
      401,
      () => null,
      Buffer.from('{"success":false,"message":"m","data":{}}'),
      'x',
      verify,
    );
    expect(unsigned.verified).toBe(false);
  });
});

describe('offline tickets', () => {
  const { ticket } = vectors;
  const at = (seconds: number) => () => seconds * 1000;

  it('verify with no network and answer the claims', async () => {
    const claims = await verifyTicket(ticket.compact, { publicKey, appId, now: at(ticket.validAt) });
    expect(claims).toEqual(ticket.claims);
    const sameMachine = { publicKey, appId, now: at(ticket.validAt), hwid: ticket.claims.hwid };
    await expect(verifyTicket(ticket.compact, sameMachine)).resolves.toEqual(ticket.claims);
  });

  it('expire at exp', async () => {
    const late = await rejection(verifyTicket(ticket.compact, { publicKey, appId, now: at(ticket.expiredAt) }));
    expect(late.code).toBe('TICKET_EXPIRED');
    await expect(verifyTicket(ticket.compact, { publicKey, appId, now: at(ticket.expiredAt - 1) })).resolves.toEqual(
      ticket.claims,
    );
  });

  it('refuse another app, another key, another machine and a tampered claim', async () => {
    const now = at(ticket.validAt);
    const otherApp = await rejection(verifyTicket(ticket.compact, { publicKey, appId: 'another-app', now }));
    expect(otherApp.code).toBe('TICKET_INVALID');
    const otherKey = rawPublicKey(generateKeyPairSync('ed25519').publicKey).toString('base64');
    expect((await rejection(verifyTicket(ticket.compact, { publicKey: otherKey, appId, now }))).code).toBe(
      'TICKET_INVALID',
    );
    const otherMachine = await rejection(verifyTicket(ticket.compact, { publicKey, appId, now, hwid: 'other' }));
    expect(otherMachine.code).toBe('TICKET_INVALID');
    const [header, , signature] = ticket.compact.split('.');
    const raised = Buffer.from(JSON.stringify({ ...ticket.claims, lvl: 1000 })).toString('base64url');
    const forged = await rejection(verifyTicket(`${header}.${raised}.${signature}`, { publicKey, appId, now }));
    expect(forged.code).toBe('TICKET_INVALID');
  });

  it('refuse a ticket whose kid names another key, even when the signature verifies', async () => {
    const retagged = signTicket({ alg: 'EdDSA', kid: '0000000000000000' }, ticket.claims);
    const err = await rejection(verifyTicket(retagged, { publicKey, appId, now: at(ticket.validAt) }));
    expect(err.code).toBe('TICKET_INVALID');
    // The key id is checked before expiry, as the protocol orders the checks (and the Python and C SDKs do).
    const expiredToo = await rejection(verifyTicket(retagged, { publicKey, appId, now: at(ticket.expiredAt) }));
    expect(expiredToo.code).toBe('TICKET_INVALID');
    const noHwid = signTicket(ticket.header, { ...ticket.claims, hwid: undefined });
    expect((await rejection(verifyTicket(noHwid, { publicKey, appId, now: at(ticket.validAt) }))).code).toBe(
      'TICKET_INVALID',
    );
  });
});

describe('end-to-end file records', () => {
  const file = vectors.file;
  const clientKey = createPrivateKey({
    key: Buffer.from('302e020100300506032b656e04220420' + file.clientPrivateKey, 'hex'),
    format: 'der',
    type: 'pkcs8',
  });
  const key = Buffer.from(file.key, 'hex');
  const decrypt = (chunks: Buffer[]) => buffer(Readable.from(chunks).pipe(new FileDecipher(key, 65536)));
  const twoRecordPlain = Buffer.from(Array.from({ length: file.twoRecords.size }, (_, i) => i & 0xff));
  const twoRecords: Array<{ sealed: Buffer }> = sealRecords(key, twoRecordPlain, 65536);
  const twoRecordStream = Buffer.concat(twoRecords.map((r) => r.sealed));
  const inChunks = (data: Buffer, size: number) =>
    Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

  it('derive the key from X25519 and HKDF-SHA256', () => {
    const serverPublic = Buffer.from(file.encryption.serverPublicKey, 'base64');
    const salt = Buffer.from(file.encryption.salt, 'base64');
    expect(deriveFileKey(clientKey, serverPublic, salt, file.fileId).toString('hex')).toBe(file.key);
  });

  it('decrypt one record, an empty file and two records, however the stream is chunked', async () => {
    expect((await decrypt([Buffer.from(file.short.stream, 'hex')])).toString('hex')).toBe(file.short.plaintext);
    expect((await decrypt([Buffer.from(file.empty.stream, 'hex')])).length).toBe(0);
    expect(twoRecords[1]!.sealed.toString('hex')).toBe(file.twoRecords.record1);
    for (const size of [twoRecordStream.length, 65552, 1000, 7]) {
      expect((await decrypt(inChunks(twoRecordStream, size))).equals(twoRecordPlain)).toBe(true);
    }
  });

  it('refuse a flipped bit, a stream cut at a record boundary, swapped records and a truncated tag', async () => {
    const flipped = Buffer.from(twoRecordStream);
    flipped[65_560]! ^= 1;
    const flippedFirst = Buffer.from(twoRecordStream);
    flippedFirst[100]! ^= 1;
    const cut = twoRecords[0]!.sealed;
    const swapped = Buffer.concat([twoRecords[1]!.sealed, twoRecords[0]!.sealed]);
    for (const stream of [flipped, flippedFirst, cut, swapped, Buffer.from(file.empty.stream, 'hex').subarray(0, 10)]) {
      const err = await rejection(decrypt([stream]));
      expect(err.code).toBe('FILE_INTEGRITY');
    }
  });
});

describe('machine id', () => {
  it('is the HMAC-SHA256 of the raw id under the salt', async () => {
    const sources = { platform: 'linux' as const, run: async () => '', read: async () => `${vectors.machineId.raw}\n` };
    expect(await machineId(vectors.machineId.salt, sources)).toBe(vectors.machineId.hwid);
  });
});

function signTicket(header: object, claims: object): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign(null, Buffer.from(input), signingKey).toString('base64url')}`;
}
