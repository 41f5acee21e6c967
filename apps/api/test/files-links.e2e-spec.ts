// Issue 23: a download link's token never reaches the log, whatever method a
// request tries on it; HEAD describes a link without spending it; the link's
// origin comes from PUBLIC_URL, or from the proxy's X-Forwarded-Host/-Proto
// with TRUST_PROXY, and a request naming no host is refused rather than handed
// `http:///...`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { startApi, type RunningApi } from '../../../scripts/test-service.mjs';
import { eventually } from './support/eventually.js';
import { download, send, sha256Hex, uploadForm } from './support/files.js';
import { ServiceStack, type StackOwner } from './support/service-stack.js';

const PASSWORD = 'hunter22';
const PUBLIC_URL = 'https://licenses.example.com/latchkey';
const TOKEN_URL = /^(.*)\/v1\/downloads\/([A-Za-z0-9_-]{43})$/;

let stack: ServiceStack;
let published: RunningApi;
let apiLog = '';
let owner: StackOwner;
let sessionToken: string;
let fileId: string;
const content = randomBytes(5000);

beforeAll(async () => {
  stack = await ServiceStack.start('links', { TRUST_PROXY: 'true' }, { workers: 0 });
  stack.api.child.stdout!.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  published = await startApi({ ...stack.env, PUBLIC_URL: `${PUBLIC_URL}/` });
  owner = await stack.ownerWithApp();
  const upload = await send(
    stack.api.url,
    'POST',
    `/v1/admin/apps/${owner.appId}/files`,
    owner.token,
    uploadForm(content, { name: 'setup.exe' }),
  );
  fileId = upload.body.data.fileId;
  const username = `user_${randomUUID().slice(0, 8)}`;
  await stack.http('POST', `/v1/admin/apps/${owner.appId}/users`, {
    token: owner.token,
    body: { username, password: PASSWORD, maxDevices: 5 },
  });
  const login = await stack.client(owner, { type: 'login', username, password: PASSWORD });
  sessionToken = login.body.data.sessionToken;
}, 60_000);

afterAll(async () => {
  await published?.stop();
  await stack?.stop();
});

/** A `file` call to `baseUrl` with extra request headers; returns status and body. */
async function requestFile(headers: Record<string, string> = {}, baseUrl = stack.api.url) {
  const response = await fetch(`${baseUrl}/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ appId: owner.appId, apiKey: owner.apiKey, type: 'file', sessionToken, fileId }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A `file` call as HTTP/1.0 with no Host header, which HTTP/1.0 allows (HTTP/1.1 requires one: Node refuses it). */
function requestFileWithoutHost(port: number): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify({ appId: owner.appId, apiKey: owner.apiKey, type: 'file', sessionToken, fileId });
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      // Written, not ended: a half-closed socket is dropped before the answer. HTTP/1.0 closes after answering.
      socket.write(
        `POST /v1 HTTP/1.0\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = answer.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(body!) });
    });
  });
}

describe('a download link', () => {
  it('answers HEAD with the download headers and stays unspent; other methods get 405', async () => {
    const { body } = await requestFile();
    const url: string = body.data.url;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(content.length));
    expect(head.headers.get('content-disposition')).toContain('filename="setup.exe"');
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const refused = await fetch(url, { method });
      expect([method, refused.status, refused.headers.get('allow')]).toEqual([method, 405, 'GET, HEAD']);
    }
    const got = await download(url);
    expect([got.status, got.sha256]).toEqual([200, sha256Hex(content)]);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(410);
  });

  it('never writes its token to the log, whatever the method', async () => {
    const { body } = await requestFile();
    const url: string = body.data.url;
    const token = TOKEN_URL.exec(url)![2]!;
    for (const method of ['HEAD', 'OPTIONS', 'POST', 'DELETE', 'PATCH', 'GET']) await fetch(url, { method });
    await fetch(`${url}?x=1`, { method: 'HEAD' });
    // Every request above was logged before its answer; pino writes its buffer out within a second.
    const logged = () => apiLog.split('\n').filter((line) => line.includes('/v1/downloads/[redacted]')).length;
    await eventually(() => logged() >= 7, { what: 'the seven request log lines' });
    expect(apiLog).not.toContain(token);
  });
});

describe("a download link's origin", () => {
  it("is the request's own host and scheme, or the proxy's with TRUST_PROXY", async () => {
    const direct = await requestFile();
    expect(TOKEN_URL.exec(direct.body.data.url)![1]).toBe(stack.api.url);
    const proxied = await requestFile({ 'x-forwarded-host': 'cdn.example.com', 'x-forwarded-proto': 'https' });
    expect(TOKEN_URL.exec(proxied.body.data.url)![1]).toBe('https://cdn.example.com');
  });

  it('is PUBLIC_URL when set, whatever the request says', async () => {
    const res = await requestFile({ 'x-forwarded-host': 'evil.example.com' }, published.url);
    expect(TOKEN_URL.exec(res.body.data.url)![1]).toBe(PUBLIC_URL);
    const hostless = await requestFileWithoutHost(published.port);
    expect([hostless.status, TOKEN_URL.exec(hostless.body.data.url)![1]]).toEqual([200, PUBLIC_URL]);
  });

  it('is refused with 400 when the request names no host and PUBLIC_URL is unset', async () => {
    const res = await requestFileWithoutHost(stack.api.port);
    expect([res.status, res.body.message]).toEqual([400, 'A Host header is required for the download URL']);
  });
});
