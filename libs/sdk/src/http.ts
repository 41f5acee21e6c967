import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export interface HttpRequest {
  /** a URL object spares parsing the same string on every call */
  url: string | URL;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** ends the exchange after this long without a byte either way */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  /** a header's value, by lowercase name; null when absent */
  header(name: string): string | null;
  body: Readable;
}

/** How the SDK speaks HTTP: node:http(s) by default, or a caller's `fetch`. */
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

// One keep-alive pool per protocol for every client of the process: reusing a
// connection saves a TCP (and TLS) handshake per call. Idle connections close
// after 4 s, well before servers and proxies drop theirs (60-75 s), so a call
// never races a connection being closed under it.
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

/** node:http(s) with keep-alive: less work per call than the global fetch. */
export const nodeTransport: HttpTransport = (request) =>
  new Promise((resolve, reject) => {
    const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(new TypeError(`unsupported protocol ${url.protocol}`));
      return;
    }
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, { method: request.method, headers, agent: agents[url.protocol] }, (res) => {
      resolve({
        status: res.statusCode ?? 0,
        header: (name) => {
          const value = res.headers[name];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        body: res,
      });
    });
    req.setTimeout(request.timeoutMs, () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });

/** A transport over a fetch implementation (the global one, or a test's). */
export function fetchTransport(fetchImpl: typeof fetch): HttpTransport {
  return async (request) => {
    const response = await fetchImpl(String(request.url), {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // fetch has no idle timeout: the whole exchange is bounded, for POST /v1 only (downloads may be long).
      signal: request.method === 'POST' ? AbortSignal.timeout(request.timeoutMs) : undefined,
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      body: response.body
        ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)
        : Readable.from([]),
    };
  };
}

/** Reads a whole (small) body. Events rather than `for await`: this runs on every call. */
export function readAll(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    body.once('error', reject);
    // After 'end' this settles nothing; before it, the connection went away mid-answer.
    body.once('close', () => reject(new Error('connection closed before the answer ended')));
  });
}
