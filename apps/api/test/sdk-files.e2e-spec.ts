// File downloads through the SDK against the real service: end-to-end
// encrypted by default (a fresh X25519 key per download), SHA-256 checked.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Latchkey, LatchkeyError } from '@latchkey/sdk';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { BASE_URL } from './support/api.js';
import { createLicense, ownerWithApp } from './factories/index.js';
import { closeDb } from './support/db.js';
import { send, sha256Hex, uploadForm } from './support/files.js';

const { owner, app } = ownerWithApp();
const directory = mkdtempSync(path.join(tmpdir(), 'latchkey-sdk-files-'));
// Three records and a bit: the record boundaries are crossed.
const content = randomBytes(3 * 65536 + 4321);
let fileId: string;
let premiumId: string;

beforeAll(async () => {
  const uploaded = await send(
    BASE_URL,
    'POST',
    `/v1/admin/apps/${app.appId}/files`,
    owner.token,
    uploadForm(content, { name: 'app.bin' }),
  );
  expect(uploaded.status).toBe(201);
  fileId = uploaded.body.data.fileId;
  const premium = await send(
    BASE_URL,
    'POST',
    `/v1/admin/apps/${app.appId}/files`,
    owner.token,
    uploadForm(randomBytes(10), { name: 'premium.bin', minLevel: '5' }),
  );
  premiumId = premium.body.data.fileId;
});
afterAll(closeDb);

async function signedIn(level = 1): Promise<Latchkey> {
  const lk = new Latchkey({ url: BASE_URL, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey });
  await lk.license((await createLicense(owner, app, { level })).key);
  return lk;
}

/** A fetch that records what the SDK asked for and what the download said about its encryption. */
function recording() {
  const seen: Array<{ body?: any; encryption: string | null }> = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    seen.push({
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      encryption: response.headers.get('x-content-encryption'),
    });
    return response;
  }) as typeof fetch;
  return { seen, fetchImpl };
}

describe('file through the SDK', () => {
  it('downloads end-to-end encrypted to a path and checks the plaintext', async () => {
    const lk = await signedIn();
    const target = path.join(directory, 'app.bin');
    const result = await lk.file(fileId, target);
    expect(result).toEqual({
      fileId,
      name: 'app.bin',
      size: content.length,
      sha256: sha256Hex(content),
      encrypted: true,
    });
    expect(readFileSync(target).equals(content)).toBe(true);
    expect(readdirSync(directory).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('sends a fresh X25519 key per download, and the body comes encrypted', async () => {
    const { seen, fetchImpl } = recording();
    const lk = new Latchkey({
      url: BASE_URL,
      appId: app.appId,
      apiKey: app.apiKey,
      publicKey: app.publicKey,
      fetch: fetchImpl,
    });
    await lk.license((await createLicense(owner, app)).key);
    const sink = new PassThrough();
    const received = buffer(sink);
    await lk.file(fileId, sink);
    expect((await received).equals(content)).toBe(true);
    await lk.file(fileId, path.join(directory, 'second.bin'));
    const keys = seen.filter((s) => s.body?.type === 'file').map((s) => s.body.clientPublicKey);
    expect(keys).toHaveLength(2);
    expect(Buffer.from(keys[0], 'base64')).toHaveLength(32);
    expect(keys[0]).not.toBe(keys[1]);
    const downloads = seen.filter((s) => s.body === undefined);
    expect(downloads.map((d) => d.encryption)).toEqual([
      'X25519-HKDF-SHA256-AES256GCM-STREAM',
      'X25519-HKDF-SHA256-AES256GCM-STREAM',
    ]);
  });

  it('downloads in the clear when asked', async () => {
    const lk = await signedIn();
    const result = await lk.file(fileId, path.join(directory, 'plain.bin'), { encrypted: false });
    expect(result.encrypted).toBe(false);
    expect(readFileSync(path.join(directory, 'plain.bin')).equals(content)).toBe(true);
  });

  it('refuses a body that was altered on the way, and leaves no file', async () => {
    const flipping = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      if (init?.method !== 'GET' && init?.body) return response;
      const body = Buffer.from(await response.arrayBuffer());
      body[70_000]! ^= 1;
      return new Response(body, { status: response.status, headers: response.headers });
    }) as typeof fetch;
    const lk = new Latchkey({
      url: BASE_URL,
      appId: app.appId,
      apiKey: app.apiKey,
      publicKey: app.publicKey,
      fetch: flipping,
    });
    await lk.license((await createLicense(owner, app)).key);
    const target = path.join(directory, 'altered.bin');
    const err = await lk.file(fileId, target).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LatchkeyError);
    expect((err as LatchkeyError).code).toBe('FILE_INTEGRITY');
    expect(readdirSync(directory).filter((f) => f.startsWith('altered'))).toEqual([]);
  });

  it('reports the contract refusals: unknown file, level too low', async () => {
    const lk = await signedIn(1);
    await expect(lk.file('00000000-0000-4000-8000-000000000000', path.join(directory, 'x'))).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
      status: 404,
    });
    await expect(lk.file(premiumId, path.join(directory, 'y'))).rejects.toMatchObject({
      code: 'INSUFFICIENT_LEVEL',
      status: 403,
    });
  });
});
