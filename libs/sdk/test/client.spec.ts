import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
// @ts-expect-error: a plain .mjs script without declarations
import { sealRecords } from '../scripts/vectors.mjs';
import { ClientMessage, Latchkey, LatchkeyError, type LatchkeyOptions } from '../src/index.js';
import { deriveFileKey } from '../src/file-crypto.js';
import { rawPublicKey } from '../src/keys.js';
import { APP_ID, fakeService, NOW_SECONDS, PUBLIC_KEY, type Answer } from './fake-service.js';
import { rejection } from './rejection.js';

const USER = {
  userId: 'u-1',
  username: 'alice',
  level: 2,
  hwid: null,
  expiresAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
};
const SESSION = { sessionToken: 'token-1', expiresAt: '2026-11-23T00:00:00.000Z', user: USER };

function client(fetch: typeof globalThis.fetch, options: Partial<LatchkeyOptions> = {}) {
  return new Latchkey({
    url: 'http://licensing.test/',
    appId: APP_ID,
    apiKey: 'lk_test',
    publicKey: PUBLIC_KEY,
    now: () => NOW_SECONDS * 1000,
    fetch,
    ...options,
  });
}

/** A service that opens a session on license and answers the rest with `rest`. */
function withSession(rest: (request: Record<string, any>) => Answer) {
  return fakeService((request) =>
    request.type === 'license' ? { message: 'Authenticated', data: SESSION } : rest(request),
  );
}

describe('Latchkey', () => {
  it('sends credentials and a fresh nonce with every call, and answers the verified data', async () => {
    const service = fakeService(() => ({ data: { name: 'App', version: '1.0.0', updateUrl: null } }));
    const lk = client(service.fetch);
    expect(await lk.init()).toEqual({ name: 'App', version: '1.0.0', updateUrl: null });
    await lk.init();
    const [first, second] = service.requests;
    expect(first).toEqual({ appId: APP_ID, apiKey: 'lk_test', type: 'init', nonce: expect.any(String) });
    expect(first!.nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first!.nonce).not.toBe(second!.nonce);
  });

  it('keeps the session of license/login/register and uses it for session calls', async () => {
    const service = withSession((request) =>
      request.type === 'var'
        ? { message: 'Variable retrieved', data: { key: request.key, value: 'hello' } }
        : { message: 'Session is valid', data: { user: USER, expiresAt: SESSION.expiresAt, ticket: 't' } },
    );
    const lk = client(service.fetch);
    await expect(lk.var('motd')).rejects.toMatchObject({ code: 'NO_SESSION' });
    expect(await lk.license('KEY-1', 'hw')).toEqual(SESSION);
    expect(lk.session).toEqual({ token: 'token-1', expiresAt: SESSION.expiresAt, user: USER, ticket: undefined });
    expect(await lk.var('motd')).toBe('hello');
    await lk.check();
    expect(lk.session?.ticket).toBe('t');
    expect(service.requests.map((r) => [r.type, r.sessionToken])).toEqual([
      ['license', undefined],
      ['var', 'token-1'],
      ['check', 'token-1'],
    ]);
    expect(service.requests[0]).toMatchObject({ licenseKey: 'KEY-1', hwid: 'hw' });
  });

  it("reads, lists, sets and deletes the user's own variables with the session", async () => {
    const stored = new Map<string, string>();
    const service = withSession((request): Answer => {
      switch (request.type) {
        case 'setuservar':
          if (!stored.has(request.key) && stored.size >= 1)
            return { status: 409, success: false, message: ClientMessage.userVariableLimit };
          stored.set(request.key, request.value);
          return { message: ClientMessage.userVariableSaved, data: { key: request.key, value: request.value } };
        case 'uservar':
          return stored.has(request.key)
            ? {
                message: ClientMessage.userVariableRetrieved,
                data: { key: request.key, value: stored.get(request.key) },
              }
            : { status: 404, success: false, message: ClientMessage.variableNotFound };
        case 'uservars':
          return {
            message: ClientMessage.userVariablesRetrieved,
            data: { variables: [...stored].map(([key, value]) => ({ key, value })) },
          };
        default:
          stored.delete(request.key);
          return { message: ClientMessage.userVariableDeleted, data: {} };
      }
    });
    const lk = client(service.fetch);
    await expect(lk.userVar('theme')).rejects.toMatchObject({ code: 'NO_SESSION' });
    await lk.license('KEY-1');
    await lk.setUserVar('theme', 'dark');
    expect(await lk.userVar('theme')).toBe('dark');
    expect(await lk.userVars()).toEqual({ theme: 'dark' });
    const limit = await rejection(lk.setUserVar('second', 'x'));
    expect([limit.status, limit.code]).toEqual([409, 'USER_VARIABLE_LIMIT']);
    await lk.deleteUserVar('theme');
    expect((await rejection(lk.userVar('theme'))).code).toBe('VARIABLE_NOT_FOUND');
    expect(service.requests.slice(1).map((r) => [r.type, r.sessionToken, r.key, r.value])).toEqual([
      ['setuservar', 'token-1', 'theme', 'dark'],
      ['uservar', 'token-1', 'theme', undefined],
      ['uservars', 'token-1', undefined, undefined],
      ['setuservar', 'token-1', 'second', 'x'],
      ['deluservar', 'token-1', 'theme', undefined],
      ['uservar', 'token-1', 'theme', undefined],
    ]);
  });

  it('sends upgrade with username, password and key', async () => {
    const service = fakeService(() => ({ message: 'Upgraded', data: { user: USER } }));
    expect(await client(service.fetch).upgrade('alice', 'secret pass', 'KEY-2')).toEqual(USER);
    expect(service.requests[0]).toMatchObject({
      type: 'upgrade',
      username: 'alice',
      password: 'secret pass',
      licenseKey: 'KEY-2',
    });
  });

  it('throws the contract refusals as LatchkeyError with status and a stable code', async () => {
    const cases: Array<[number, string, string]> = [
      [401, ClientMessage.invalidSession, 'INVALID_SESSION'],
      [403, ClientMessage.licenseBanned, 'LICENSE_BANNED'],
      [404, ClientMessage.licenseNotFound, 'LICENSE_NOT_FOUND'],
      [409, ClientMessage.licenseUsed, 'LICENSE_USED'],
      [429, ClientMessage.tooManyRequests, 'TOO_MANY_REQUESTS'],
      [400, 'username must be 3-32 characters', 'VALIDATION'],
      [500, 'Internal server error', 'SERVER_ERROR'],
    ];
    for (const [status, message, code] of cases) {
      const service = fakeService(() => ({ status, success: false, message }));
      const err = await rejection(client(service.fetch).license('KEY'));
      expect({ status: err.status, message: err.message, code: err.code }).toEqual({ status, message, code });
    }
  });

  it('takes the service URL with or without /v1 and trailing slashes', async () => {
    const service = fakeService(() => ({ data: { name: 'App', version: '1', updateUrl: null } }));
    const urls: string[] = [];
    const recording = ((input: string | URL | Request, init?: RequestInit) => {
      urls.push(String(input));
      return service.fetch(input, init);
    }) as typeof fetch;
    for (const url of [
      'https://lk.example.com',
      'https://lk.example.com/',
      'https://lk.example.com/v1',
      'https://lk.example.com/v1/',
    ]) {
      await client(recording, { url }).init();
    }
    expect(urls).toEqual(Array(4).fill('https://lk.example.com/v1'));
  });

  it('refuses an unsigned answer, a tampered one, a replay, a stale one and one signed by another key', async () => {
    const unsigned = fakeService(() => ({ unsigned: true }));
    expect((await rejection(client(unsigned.fetch).init())).code).toBe('SIGNATURE_INVALID');
    // Only an unknown appId gets this answer unsigned from the service.
    const unknown = fakeService(() => ({
      unsigned: true,
      status: 401,
      success: false,
      message: ClientMessage.invalidCredentials,
    }));
    const unknownApp = await rejection(client(unknown.fetch).init());
    expect([unknownApp.code, unknownApp.status]).toEqual(['APP_UNKNOWN', 401]);

    const tampered = fakeService(() => ({
      status: 403,
      success: false,
      message: 'Access denied',
      tamper: (body) => body.replace('"success":false', '"success":true').replace('Access denied', 'App initialized'),
    }));
    expect((await rejection(client(tampered.fetch).init())).code).toBe('SIGNATURE_INVALID');

    // A proxy that saved the first answer and plays it back.
    let saved: Response | undefined;
    const honest = fakeService(() => ({}));
    const replaying = (async (url: string, init?: RequestInit) => {
      saved ??= await honest.fetch(url, init);
      return saved.clone();
    }) as typeof fetch;
    const lk = client(replaying);
    await lk.init();
    expect((await rejection(lk.init())).code).toBe('NONCE_MISMATCH');

    const stale = fakeService(() => ({ timestamp: NOW_SECONDS - 31 }));
    expect((await rejection(client(stale.fetch).init())).code).toBe('STALE_RESPONSE');
    const lenient = client(stale.fetch, { maxSkewSeconds: 60 });
    await expect(lenient.init()).resolves.toEqual({});

    const otherKey = rawPublicKey(generateKeyPairSync('ed25519').publicKey).toString('base64');
    const signed = fakeService(() => ({}));
    expect((await rejection(client(signed.fetch, { publicKey: otherKey }).init())).code).toBe('SIGNATURE_INVALID');
  });

  it('reports no answer as NETWORK and a non-envelope as UNEXPECTED_RESPONSE', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect((await rejection(client(down).init())).code).toBe('NETWORK');
    const html = (async () => new Response('<html>', { status: 502 })) as typeof fetch;
    expect((await rejection(client(html).init())).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('refuses a public key that is not 32 bytes of base64', () => {
    expect(() => client(fakeService(() => ({})).fetch, { publicKey: 'abc' })).toThrow(TypeError);
  });

  it('logs out and forgets the session', async () => {
    const service = withSession(() => ({ message: 'Logged out' }));
    const lk = client(service.fetch);
    await lk.license('KEY');
    await lk.logout();
    expect(lk.session).toBeNull();
    await expect(lk.log('after logout')).rejects.toMatchObject({ code: 'NO_SESSION' });
  });
});

describe('the default transport (node:http with keep-alive)', () => {
  it('carries calls and a download over one reused connection', async () => {
    const bytes = 'plain bytes';
    let base = '';
    const service = fakeService((request) => {
      if (request.type === 'license') return { message: 'Authenticated', data: SESSION };
      if (request.type !== 'file') return {};
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const data = { fileId: 'f', name: 'n', size: bytes.length, sha256, url: `${base}/dl`, expiresAt: 'x' };
      return { message: 'Download ready', data };
    });
    const sockets = new Set<unknown>();
    const server = createServer(async (req, res) => {
      sockets.add(req.socket);
      if (req.url === '/dl') return res.end(bytes);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await service.fetch(`${base}/v1`, { method: 'POST', body: Buffer.concat(chunks).toString() });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const lk = new Latchkey({
        url: base,
        appId: APP_ID,
        apiKey: 'lk_test',
        publicKey: PUBLIC_KEY,
        now: () => NOW_SECONDS * 1000,
      });
      await lk.init();
      await lk.license('KEY');
      const sink = new PassThrough();
      const received = buffer(sink);
      await lk.file('f', sink, { encrypted: false });
      expect((await received).toString()).toBe(bytes);
      expect(service.requests.map((r) => r.type)).toEqual(['init', 'license', 'file']);
      expect(sockets.size).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('heartbeat timer', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('beats every interval, reports passing failures and stops when the session is lost', async () => {
    jest.useFakeTimers();
    const outcomes: Answer[] = [
      { message: 'Session alive', data: { expiresAt: 'a' } },
      { unsigned: true, status: 502 },
      { message: 'Session alive', data: { expiresAt: 'b' } },
      { status: 401, success: false, message: ClientMessage.invalidSession },
    ];
    const service = withSession(() => outcomes.shift()!);
    const lk = client(service.fetch);
    await lk.license('KEY');
    const lost: LatchkeyError[] = [];
    const errors: LatchkeyError[] = [];
    lk.startHeartbeat({ intervalMs: 1000, onLost: (e) => lost.push(e), onError: (e) => errors.push(e) });

    await jest.advanceTimersByTimeAsync(1000);
    expect(lk.session?.expiresAt).toBe('a');
    await jest.advanceTimersByTimeAsync(1000);
    expect(errors.map((e) => e.code)).toEqual(['SIGNATURE_INVALID']);
    await jest.advanceTimersByTimeAsync(1000);
    expect(lk.session?.expiresAt).toBe('b');
    await jest.advanceTimersByTimeAsync(1000);
    expect(lost.map((e) => e.code)).toEqual(['INVALID_SESSION']);
    await jest.advanceTimersByTimeAsync(5000);
    expect(service.requests.filter((r) => r.type === 'heartbeat')).toHaveLength(4);
  });

  it('goes on after a 401 that fails the checks (unsigned or replayed): only the service may end the session', async () => {
    jest.useFakeTimers();
    const outcomes: Answer[] = [
      { unsigned: true, status: 401, success: false, message: ClientMessage.invalidSession },
      { message: 'Session alive', data: { expiresAt: 'a' } },
    ];
    const service = withSession(() => outcomes.shift() ?? { message: 'Session alive', data: { expiresAt: 'b' } });
    const lk = client(service.fetch);
    await lk.license('KEY');
    const lost: LatchkeyError[] = [];
    const errors: LatchkeyError[] = [];
    lk.startHeartbeat({ intervalMs: 1000, onLost: (e) => lost.push(e), onError: (e) => errors.push(e) });
    await jest.advanceTimersByTimeAsync(2000);
    expect(errors.map((e) => [e.code, e.status])).toEqual([['SIGNATURE_INVALID', 401]]);
    expect(lost).toEqual([]);
    expect(lk.session?.expiresAt).toBe('a');
    lk.stopHeartbeat();
  });

  it('stops on request', async () => {
    jest.useFakeTimers();
    const service = withSession(() => ({ message: 'Session alive', data: { expiresAt: 'a' } }));
    const lk = client(service.fetch);
    await lk.license('KEY');
    const timer = lk.startHeartbeat({ intervalMs: 1000 });
    await jest.advanceTimersByTimeAsync(2000);
    timer.stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(service.requests.filter((r) => r.type === 'heartbeat')).toHaveLength(2);
  });
});

describe('file downloads', () => {
  const content = randomBytes(150_000);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const directory = mkdtempSync(path.join(tmpdir(), 'latchkey-sdk-'));

  /** A service that encrypts like the real one; `change` alters its signed answer or its body. */
  function fileService(
    change: { answer?: (data: any) => void; body?: (stream: Buffer) => Buffer; status?: number } = {},
  ) {
    let stream = Buffer.alloc(0);
    let getCount = 0;
    const service = fakeService(
      (request) => {
        if (request.type === 'license') return { message: 'Authenticated', data: SESSION };
        const data: any = { fileId: request.fileId, name: 'app.bin', size: content.length, sha256 };
        data.url = 'http://licensing.test/v1/files/download/abc';
        data.expiresAt = '2026-11-22T00:01:00.000Z';
        if (request.clientPublicKey) {
          const server = generateKeyPairSync('x25519');
          const salt = randomBytes(16);
          const clientPublic = Buffer.from(request.clientPublicKey, 'base64');
          // X25519 is symmetric: the server derives the client's key from its private half and the client's public key.
          const key = deriveFileKey(server.privateKey, clientPublic, salt, request.fileId);
          stream = Buffer.concat(sealRecords(key, content, 65536).map((r: { sealed: Buffer }) => r.sealed));
          data.encryption = {
            alg: 'X25519-HKDF-SHA256-AES256GCM-STREAM',
            serverPublicKey: rawPublicKey(server.publicKey).toString('base64'),
            salt: salt.toString('base64'),
            recordSize: 65536,
            clientPublicKey: request.clientPublicKey,
          };
        } else {
          stream = content;
        }
        change.answer?.(data);
        return { message: 'Download ready', data };
      },
      () => {
        getCount += 1;
        if (change.status) {
          const body = JSON.stringify({ success: false, message: 'Download link expired or already used', data: {} });
          return new Response(body, { status: change.status });
        }
        const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
        if (stream !== content) headers['x-content-encryption'] = 'X25519-HKDF-SHA256-AES256GCM-STREAM';
        return new Response(change.body ? change.body(stream) : stream, { headers });
      },
    );
    return { ...service, gets: () => getCount };
  }

  async function downloadTo(service: ReturnType<typeof fileService>, destination: string, encrypted = true) {
    const lk = client(service.fetch);
    await lk.license('KEY');
    return lk.file('file-1', destination, { encrypted });
  }

  it('downloads end-to-end encrypted to a path, with a fresh key per download', async () => {
    const service = fileService();
    const target = path.join(directory, 'encrypted.bin');
    const result = await downloadTo(service, target);
    expect(result).toEqual({ fileId: 'file-1', name: 'app.bin', size: content.length, sha256, encrypted: true });
    expect(readFileSync(target).equals(content)).toBe(true);
    const lk = client(service.fetch);
    await lk.license('KEY');
    await lk.file('file-1', path.join(directory, 'again.bin'));
    const keys = service.requests.filter((r) => r.type === 'file').map((r) => r.clientPublicKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('downloads without encryption when asked, and into a stream', async () => {
    const plain = fileService();
    expect((await downloadTo(plain, path.join(directory, 'plain.bin'), false)).encrypted).toBe(false);
    expect(plain.requests.find((r) => r.type === 'file')!.clientPublicKey).toBeUndefined();

    const lk = client(fileService().fetch);
    await lk.license('KEY');
    const sink = new PassThrough();
    const received = buffer(sink);
    await lk.file('file-1', sink);
    expect((await received).equals(content)).toBe(true);
  });

  it('refuses a body that does not match the signed SHA-256, and leaves no file behind', async () => {
    const forged = fileService({ answer: (data) => (data.sha256 = 'f'.repeat(64)) });
    const target = path.join(directory, 'forged.bin');
    expect((await rejection(downloadTo(forged, target))).code).toBe('FILE_INTEGRITY');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(directory).filter((f) => f.startsWith('forged'))).toEqual([]);

    const flipped = fileService({
      body: (stream) => {
        const copy = Buffer.from(stream);
        copy[1000]! ^= 1;
        return copy;
      },
    });
    expect((await rejection(downloadTo(flipped, path.join(directory, 'flipped.bin')))).code).toBe('FILE_INTEGRITY');
    const cut = fileService({ body: (stream) => stream.subarray(0, 65552) });
    expect((await rejection(downloadTo(cut, path.join(directory, 'cut.bin')))).code).toBe('FILE_INTEGRITY');
  });

  it('refuses an answer encrypted to another key, and reports a used link as DOWNLOAD_GONE', async () => {
    const other = rawPublicKey(generateKeyPairSync('x25519').publicKey).toString('base64');
    const swapped = fileService({ answer: (data) => (data.encryption.clientPublicKey = other) });
    const err = await rejection(downloadTo(swapped, path.join(directory, 'swapped.bin')));
    expect(err.code).toBe('UNEXPECTED_RESPONSE');
    expect(swapped.gets()).toBe(0);

    const gone = fileService({ status: 410 });
    const goneErr = await rejection(downloadTo(gone, path.join(directory, 'gone.bin')));
    expect({ code: goneErr.code, status: goneErr.status }).toEqual({ code: 'DOWNLOAD_GONE', status: 410 });
  });
});
