import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { codeForAnswer, LatchkeyError } from './errors.js';
import { deriveFileKey, FileDecipher } from './file-crypto.js';
import { CONTENT_ENCRYPTION_HEADER, FILE_E2E_ALG, type FileData } from './generated/files.js';
import { readAll, type HttpResponse, type HttpTransport } from './http.js';
import { rawKey } from './keys.js';

/** A file path, or a writable stream (ended when the download completes). */
export type Destination = string | Writable;

export interface DownloadOptions {
  /** end-to-end encryption to a key made for this download; default true */
  encrypted?: boolean;
}

export interface DownloadedFile {
  fileId: string;
  name: string;
  size: number;
  /** hex SHA-256 of the plaintext, as signed by the service and checked here */
  sha256: string;
  encrypted: boolean;
}

interface DownloadContext {
  http: HttpTransport;
  /** idle time after which the download is abandoned */
  timeoutMs: number;
  /** the client's X25519 pair for this download; null for a plain download */
  keyPair: { privateKey: KeyObject; publicKey: string } | null;
}

/** Largest record size accepted from an answer, so a hostile one cannot make us buffer without bound. */
const MAX_RECORD_SIZE = 16 * 1024 * 1024;

/** Fetches the single-use link of a signed `file` answer and writes the verified plaintext to `destination`. */
export async function downloadFile(
  answer: FileData,
  fileId: string,
  destination: Destination,
  context: DownloadContext,
): Promise<DownloadedFile> {
  checkFileAnswer(answer, fileId, context.keyPair?.publicKey ?? null);
  let response: HttpResponse;
  try {
    response = await context.http({ url: answer.url, method: 'GET', timeoutMs: context.timeoutMs });
  } catch (cause) {
    throw new LatchkeyError('NETWORK', `Could not fetch the download: ${(cause as Error).message}`, 0, { cause });
  }
  if (response.status !== 200) {
    const message = await refusalMessage(response);
    throw new LatchkeyError(codeForAnswer(response.status, message), message, response.status);
  }
  if (context.keyPair && response.header(CONTENT_ENCRYPTION_HEADER) !== FILE_E2E_ALG) {
    response.body.destroy();
    throw new LatchkeyError('UNEXPECTED_RESPONSE', 'Download is not end-to-end encrypted as requested', 200);
  }

  const stages: Array<NodeJS.ReadWriteStream> = [];
  if (context.keyPair && answer.encryption) {
    const { serverPublicKey, salt, recordSize } = answer.encryption;
    const key = deriveFileKey(
      context.keyPair.privateKey,
      rawKey(serverPublicKey)!,
      Buffer.from(salt, 'base64'),
      answer.fileId,
    );
    stages.push(new FileDecipher(key, recordSize));
  }
  stages.push(new DigestCheck(answer.size, answer.sha256));
  const body = response.body;

  try {
    if (typeof destination === 'string') {
      // Written beside the target and renamed once verified: the path never holds a partial or forged file.
      const partial = `${destination}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline([body, ...stages, createWriteStream(partial)]);
        await rename(partial, destination);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    } else {
      await pipeline([body, ...stages, destination]);
    }
  } catch (err) {
    if (err instanceof LatchkeyError) throw err;
    throw new LatchkeyError('NETWORK', `Download failed: ${(err as Error).message}`, 0, { cause: err });
  }
  return {
    fileId: answer.fileId,
    name: answer.name,
    size: answer.size,
    sha256: answer.sha256,
    encrypted: context.keyPair !== null,
  };
}

/** The signed answer must describe the file asked for, with the encryption asked for, to our key. */
function checkFileAnswer(answer: FileData, fileId: string, clientPublicKey: string | null): void {
  const problem = (() => {
    if (answer.fileId !== fileId) return 'names another file';
    if (!Number.isSafeInteger(answer.size) || answer.size < 0) return 'has no valid size';
    if (typeof answer.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(answer.sha256)) return 'has no valid sha256';
    if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) return 'has no absolute url';
    if (clientPublicKey === null) return null;
    const encryption = answer.encryption;
    if (!encryption) return 'is not encrypted';
    if (encryption.alg !== FILE_E2E_ALG) return `uses ${String(encryption.alg)}`;
    if (encryption.clientPublicKey !== clientPublicKey) return 'is encrypted to another key';
    if (typeof encryption.serverPublicKey !== 'string' || !rawKey(encryption.serverPublicKey)) {
      return 'has no valid serverPublicKey';
    }
    if (typeof encryption.salt !== 'string' || Buffer.from(encryption.salt, 'base64').length !== 16) {
      return 'has no valid salt';
    }
    const recordSize: number = encryption.recordSize;
    if (!Number.isInteger(recordSize) || recordSize < 1 || recordSize > MAX_RECORD_SIZE) {
      return 'has no valid recordSize';
    }
    return null;
  })();
  if (problem) throw new LatchkeyError('UNEXPECTED_RESPONSE', `The file answer ${problem}`, 200);
}

async function refusalMessage(response: HttpResponse): Promise<string> {
  const text = await readAll(response.body).then(
    (bytes) => bytes.toString('utf8'),
    () => '',
  );
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: fall back to the status
  }
  return `Download failed with HTTP ${response.status}`;
}

/**
 * Passes bytes on while hashing them, holding the latest chunk back until the
 * end: the destination only gets the whole file once its size and SHA-256
 * match the signed answer.
 */
class DigestCheck extends Transform {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private held: Buffer | null = null;

  constructor(
    private readonly size: number,
    private readonly sha256: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (this.bytes > this.size) {
      callback(new LatchkeyError('FILE_INTEGRITY', 'Download is longer than the signed size'));
      return;
    }
    if (this.held) this.push(this.held);
    this.held = chunk;
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes !== this.size || this.hash.digest('hex') !== this.sha256) {
      callback(new LatchkeyError('FILE_INTEGRITY', 'Downloaded file does not match the signed size and SHA-256'));
      return;
    }
    if (this.held) this.push(this.held);
    callback();
  }
}
