import {
  createDecipheriv,
  createHash,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { http, type HttpResult } from './http.js';

/** What a download delivered: status, headers, and the body's length and SHA-256 (or how it failed). */
export interface Download {
  status: number;
  headers: Headers;
  bytes: number;
  sha256: string;
  body?: Buffer;
  /** set when the connection was cut before the body was complete */
  error?: Error;
}

/**
 * Streams a GET to the end without keeping the body (unless `keep`), so a
 * 50 MiB download costs the test nothing and a cut connection is seen as such.
 */
export async function download(url: string, { keep = false } = {}): Promise<Download> {
  const response = await fetch(url);
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let bytes = 0;
  let error: Error | undefined;
  try {
    for await (const piece of response.body ?? []) {
      const chunk = Buffer.from(piece as Uint8Array);
      bytes += chunk.length;
      hash.update(chunk);
      if (keep) kept.push(chunk);
    }
  } catch (err) {
    error = err as Error;
  }
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    sha256: hash.digest('hex'),
    ...(keep ? { body: Buffer.concat(kept) } : {}),
    ...(error ? { error } : {}),
  };
}

/** A multipart upload of `content` as the `file` part, after the given fields. */
export function uploadForm(content: Buffer, fields: Record<string, string> = {}, filename = 'payload.bin'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(content)]), filename);
  return form;
}

/**
 * One admin or client call to a spec's own API: multipart when `body` is a
 * FormData (the uploads), otherwise through the shared JSON helper.
 */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: FormData | object,
): Promise<HttpResult> {
  if (!(body instanceof FormData)) return http(method, path, { token: token || undefined, body, baseUrl });
  const response = await fetch(baseUrl + path, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Status and body only, to compare a whole answer with toEqual. */
export function answer(result: HttpResult): { status: number; body: unknown } {
  return { status: result.status, body: result.body };
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Resident memory of a process, from /proc (bytes). */
export function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Runs `work` while sampling the resident memory of `pid` every 10 ms;
 * returns the work's result and how far the peak rose above the start.
 */
export async function measureRssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = rss(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, rss(pid));
    return { result, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The client's side of an end-to-end encrypted download, written from the
 * contract's text with Node's crypto only (not the server's helpers):
 * X25519, HKDF-SHA256 (salt, info "latchkey-file-v1:" + fileId, 32 bytes),
 * records of recordSize plaintext bytes + 16-byte tag, nonce = 4 zero bytes +
 * index as 8-byte big-endian, aad = 1 for the last record else 0.
 */
export function decryptDownload(
  clientPrivateKey: KeyObject,
  fileId: string,
  encryption: { serverPublicKey: string; salt: string; recordSize: number },
  body: Buffer,
): Buffer {
  const serverKey = createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(encryption.serverPublicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const shared = diffieHellman({ privateKey: clientPrivateKey, publicKey: serverKey });
  const key = Buffer.from(
    hkdfSync('sha256', shared, Buffer.from(encryption.salt, 'base64'), `latchkey-file-v1:${fileId}`, 32),
  );
  const recordBytes = encryption.recordSize + 16;
  const plaintext: Buffer[] = [];
  let index = 0;
  let offset = 0;
  do {
    const record = body.subarray(offset, offset + recordBytes);
    offset += record.length;
    const nonce = Buffer.alloc(12);
    nonce.writeBigUInt64BE(BigInt(index), 4);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from([offset >= body.length ? 1 : 0]));
    decipher.setAuthTag(record.subarray(record.length - 16));
    plaintext.push(decipher.update(record.subarray(0, record.length - 16)), decipher.final());
    index += 1;
  } while (offset < body.length);
  return Buffer.concat(plaintext);
}

/** base64 of the raw 32-byte X25519 public key. */
export function rawX25519(publicKey: KeyObject): string {
  return Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
}

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Figures a spec measures (memory), shown when TEST_REPORT_FIGURES is set. */
export function reportFigure(line: string): void {
  if (process.env.TEST_REPORT_FIGURES) process.stderr.write(`${line}\n`);
}

/** An owner's app with one signed-in user, on an API a files spec runs of its own. */
export interface FilesOwner {
  owner: { token: string; appId: string; apiKey: string };
  sessionToken: string;
  /** Uploads `content` as a new file of the app. */
  upload(content: Buffer): Promise<{ fileId: string; size: number; sha256: string }>;
  /** A download link for the signed-in user. */
  linkFor(fileId: string): Promise<string>;
}

/** Signs an owner up on `baseUrl`, with an app named `appName` and a user `username` signed in to it. */
export async function filesOwner(baseUrl: string, appName: string, username: string): Promise<FilesOwner> {
  const signup = await send(baseUrl, 'POST', '/v1/admin/auth/signup', '', {
    email: `owner-${randomUUID()}@example.com`,
    password: 'correct horse battery',
  });
  const token = signup.body.data.accessToken;
  const app = (await send(baseUrl, 'POST', '/v1/admin/apps', token, { name: appName })).body.data;
  const owner = { token, appId: app.appId, apiKey: app.apiKey };
  await send(baseUrl, 'POST', `/v1/admin/apps/${app.appId}/users`, token, { username, password: 'hunter22' });
  const client = (fields: Record<string, unknown>) =>
    send(baseUrl, 'POST', '/v1', '', { appId: owner.appId, apiKey: owner.apiKey, ...fields });
  const sessionToken = (await client({ type: 'login', username, password: 'hunter22' })).body.data.sessionToken;
  return {
    owner,
    sessionToken,
    upload: async (content) => {
      const res = await send(baseUrl, 'POST', `/v1/admin/apps/${owner.appId}/files`, token, uploadForm(content));
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    linkFor: async (fileId) => {
      const res = await client({ type: 'file', sessionToken, fileId });
      if (res.status !== 200) throw new Error(`file failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.url;
    },
  };
}

/**
 * Flips a bit inside the second record of a content file in the fs store's
 * format: past the first record (a 4-byte length and 1 MiB) and the second's
 * length.
 */
export async function damageSecondRecord(filePath: string): Promise<void> {
  const handle = await open(filePath, 'r+');
  const at = 4 + 1024 * 1024 + 4 + 5000;
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, at);
  byte[0]! ^= 0x01;
  await handle.write(byte, 0, 1, at);
  await handle.close();
}
