// Issue 37, finding 3: a bad upload body (cut short, aborted, over the limit, not multipart) on any upload
// route answers 4xx in the contract's envelope, or, when the client has gone, nothing; the process stays up,
// and nothing of the upload is left behind: no job, import, file or content row, no transaction left open.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type Socket } from 'node:net';
import { JobLimits, KeyAuthImportLimits } from '@latchkey/contracts';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { eventually } from './support/eventually.js';

/** The stack's file limit: small, so a file over it costs the spec nothing. */
const FILE_MAX_BYTES = 64 * 1024;
/** multipart-upload.ts: a body declared longer than the file limit plus this is refused from its headers. */
const ENVELOPE_ALLOWANCE = 1024 * 1024;
const BOUNDARY = 'latchkey-spec-boundary';

let stack: ServiceStack;
let exited: { code: number | null; signal: string | null } | null = null;

beforeAll(async () => {
  // No worker: nothing here needs a job to run, and a job left queued stays visible.
  stack = await ServiceStack.start('uploads', { FILE_MAX_BYTES: String(FILE_MAX_BYTES) }, { workers: 0 });
  stack.api.child.once('exit', (code, signal) => (exited = { code, signal }));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

interface Route {
  name: string;
  method: 'POST' | 'PUT';
  path: (owner: StackOwner, fileId: string) => string;
  /** what a good upload of the route sends as its file */
  content: string;
  maxBytes: number;
}

const CSV = `key,duration,note\n${Array.from({ length: 20 }, (_, i) => `SPEC-KEY-${i},30d,row ${i}`).join('\n')}\n`;
const KEYAUTH = JSON.stringify({
  keys: Array.from({ length: 20 }, (_, i) => ({ key: `SPEC-KEYAUTH-${i}`, expiry: '30', level: '1' })),
});

const ROUTES: Route[] = [
  {
    name: 'POST files',
    method: 'POST',
    path: (o) => `/v1/admin/apps/${o.appId}/files`,
    content: 'x'.repeat(1000),
    maxBytes: FILE_MAX_BYTES,
  },
  {
    name: 'PUT files/{fileId}/content',
    method: 'PUT',
    path: (o, fileId) => `/v1/admin/apps/${o.appId}/files/${fileId}/content`,
    content: 'y'.repeat(1000),
    maxBytes: FILE_MAX_BYTES,
  },
  {
    name: 'POST jobs/import',
    method: 'POST',
    path: (o) => `/v1/admin/apps/${o.appId}/jobs/import`,
    content: CSV,
    maxBytes: JobLimits.importMaxBytes,
  },
  {
    name: 'POST keyauth-imports',
    method: 'POST',
    path: (o) => `/v1/admin/apps/${o.appId}/keyauth-imports`,
    content: KEYAUTH,
    maxBytes: KeyAuthImportLimits.maxBytes,
  },
];

/** What a raw request got back: the status and parsed body, or null when the server only closed the connection. */
interface RawAnswer {
  status: number | null;
  body: any;
}

function fileHead(filename = 'upload.bin'): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n`
  );
}

function multipart(content: string): Buffer {
  return Buffer.from(`${fileHead()}${content}\r\n--${BOUNDARY}--\r\n`);
}

function requestHead(route: Route, target: string, owner: StackOwner, headers: Record<string, string | number>) {
  const lines = [`${route.method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: Bearer ${owner.token}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A raw connection to the stack's API; `answer` settles once the server has closed it. */
function open(): { socket: Socket; answer: Promise<RawAnswer>; answered: () => boolean; closed: () => boolean } {
  const socket = connect(stack.api.port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let closed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answer = new Promise<RawAnswer>((resolve) => {
    // A reset after an answer (the server stops reading a refused body) loses nothing already read.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve(parseAnswer(Buffer.concat(chunks)));
    });
  });
  return { socket, answer, answered: () => chunks.length > 0, closed: () => closed };
}

/** The first answer on the connection (the server may add a 400 of its own once the client stops mid-body). */
function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (split === -1) return { status: null, body: null };
  const head = text.slice(0, split);
  let body = text.slice(split + 4);
  const length = /^content-length:\s*(\d+)/im.exec(head);
  if (length) body = body.slice(0, Number(length[1]));
  else if (/^transfer-encoding:\s*chunked/im.test(head)) body = unchunk(body);
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: kept as text, which fails the envelope's checks
  }
  return { status: Number(head.split(' ')[1]), body: parsed };
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, end), 16);
    if (!(size > 0)) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

/**
 * Writes `data`, waiting for the socket to drain or an answer (a server that
 * refused the body stops reading it); false once answered or closed.
 */
async function write(socket: Socket, data: Buffer | string, answered: () => boolean): Promise<boolean> {
  if (socket.destroyed || answered()) return false;
  if (!socket.write(data)) {
    await new Promise<void>((resolve) => {
      const events = ['drain', 'data', 'close'] as const;
      const done = () => {
        for (const event of events) socket.off(event, done);
        resolve();
      };
      for (const event of events) socket.on(event, done);
    });
  }
  return !socket.destroyed && !answered();
}

function expectEnvelope(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, success: answer.body?.success, code: answer.body?.code }).toEqual({
    status,
    success: false,
    code,
  });
  expect(typeof answer.body.message).toBe('string');
}

/**
 * Rows of an upload of the app, and transactions open on the stack's
 * database (only this spec's API uses it): an import stuck mid-upload keeps
 * its transaction, and its connection, forever.
 */
async function leftovers(owner: StackOwner) {
  const { rows } = await stack.db().query(
    `SELECT (SELECT count(*) FROM jobs WHERE app_id = $1)::int AS jobs,
            (SELECT count(*) FROM keyauth_imports WHERE app_id = $1)::int AS imports,
            (SELECT count(*) FROM files WHERE app_id = $1)::int AS files,
            (SELECT count(*) FROM file_contents WHERE app_id = $1)::int AS contents,
            (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
               AND state <> 'idle')::int AS busy`,
    [owner.appId],
  );
  return rows[0] as { jobs: number; imports: number; files: number; contents: number; busy: number };
}

/**
 * Waits until the server is reading the upload's body: a file upload has
 * made its new content's row, an import has opened its transaction and
 * waits for rows in it.
 */
async function uploadUnderWay(route: Route, owner: StackOwner, baseline: { contents: number }) {
  await eventually(() => leftovers(owner), {
    until: (seen) => (route.name.includes('files') ? seen.contents > baseline.contents : seen.busy > 0),
    what: 'the server to read the upload',
  });
}

async function expectAlive(): Promise<void> {
  expect(exited).toBeNull();
  expect((await stack.http('GET', '/health')).status).toBe(200);
}

describe.each(ROUTES)('$name', (route) => {
  let owner: StackOwner;
  let fileId = '';
  let target = '';
  /** What the app holds before any bad upload: the PUT route's file only. */
  let baseline: Awaited<ReturnType<typeof leftovers>>;

  beforeAll(async () => {
    owner = await stack.ownerWithApp();
    if (route.method === 'PUT') {
      const form = new FormData();
      form.append('file', new Blob(['original content']), 'original.bin');
      const created = await fetch(`${stack.api.url}/v1/admin/apps/${owner.appId}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      expect(created.status).toBe(201);
      fileId = ((await created.json()) as any).data.fileId;
    }
    target = route.path(owner, fileId);
    baseline = await leftovers(owner);
    expect(baseline.busy).toBe(0);
  });

  /** Nothing of the failed upload stays: the app holds what it held, and no transaction is left open. */
  async function expectNothingLeft(): Promise<void> {
    await eventually(() => leftovers(owner), {
      until: (seen) => JSON.stringify(seen) === JSON.stringify(baseline),
      what: `nothing left of the upload (as before: ${JSON.stringify(baseline)})`,
    });
  }

  it('answers a body cut short of its Content-Length with 400, and keeps nothing', async () => {
    const body = multipart(route.content);
    const { socket, answer } = open();
    socket.write(requestHead(route, target, owner, contentHeaders(body.length + 10_000)));
    socket.write(body.subarray(0, body.length - 100));
    await uploadUnderWay(route, owner, baseline);
    socket.end();
    expectEnvelope(await answer, 400, 'BAD_REQUEST');
    await expectAlive();
    await expectNothingLeft();
  });

  it('survives a client that disconnects mid-upload, and keeps nothing', async () => {
    const body = multipart(route.content);
    const { socket, answer } = open();
    socket.write(requestHead(route, target, owner, contentHeaders(body.length + 10_000)));
    socket.write(body.subarray(0, body.length - 100));
    await uploadUnderWay(route, owner, baseline);
    socket.destroy();
    await answer;
    await expectAlive();
    await expectNothingLeft();
  });

  it('survives clients that disconnect right after the headers, and keeps nothing', async () => {
    // Gone before the handler asks for the body (it checks access first): such a request once waited forever,
    // holding an import's transaction and its connection; ten of them took the whole pool.
    for (let i = 0; i < 3; i++) {
      const { socket, answer } = open();
      await new Promise((resolve) => socket.once('connect', resolve));
      await new Promise((resolve) => socket.write(requestHead(route, target, owner, contentHeaders(100_000)), resolve));
      socket.destroy();
      await answer;
    }
    await expectAlive();
    await expectNothingLeft();
  });

  it('refuses a body declared over the limit with 413 before reading it', async () => {
    const { socket, answer, answered } = open();
    socket.write(requestHead(route, target, owner, contentHeaders(route.maxBytes + ENVELOPE_ALLOWANCE + 1)));
    socket.write(fileHead());
    await eventually(answered, { what: 'an answer' });
    socket.end();
    expectEnvelope(await answer, 413, 'PAYLOAD_TOO_LARGE');
    await expectAlive();
    await expectNothingLeft();
  });

  it('refuses a streamed file over the limit (chunked, no Content-Length) with 413, and keeps nothing', async () => {
    const { socket, answer, answered, closed } = open();
    const chunk = (data: Buffer | string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    socket.write(requestHead(route, target, owner, { ...contentHeaders(null), 'Transfer-Encoding': 'chunked' }));
    // The first bytes of a well-formed file, then filler the parser accepts, past the limit.
    const [start, filler] = route.name.includes('keyauth')
      ? ['{"keys":[', ' ']
      : route.name.includes('import')
        ? ['key,duration\n', '\n']
        : ['', 'z'];
    await write(socket, chunk(fileHead() + start), answered);
    const piece = chunk(filler.repeat(1024 * 1024));
    for (let sent = 0; sent <= route.maxBytes; sent += 1024 * 1024) {
      if (!(await write(socket, piece, answered))) break;
    }
    await eventually(answered, { what: 'an answer to the file over the limit', timeoutMs: 60_000 });
    socket.end();
    // The server reads on past its refusal (as Node does with a body nobody read), so it sees the end at once;
    // one that stopped reading held the connection until its keep-alive timeout (72 s).
    await eventually(closed, { what: 'the server to read the refused body to its end', timeoutMs: 30_000 });
    expectEnvelope(await answer, 413, 'PAYLOAD_TOO_LARGE');
    await expectAlive();
    await expectNothingLeft();
  }, 120_000);

  it.each([
    ['JSON', 'application/json', '{"file":"x"}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['text', 'text/plain', 'key,duration', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['multipart without a boundary', 'multipart/form-data', 'x', 400, 'MALFORMED_BODY'],
    [
      'multipart of another boundary',
      `multipart/form-data; boundary=${BOUNDARY}`,
      '--other\r\n\r\nx',
      400,
      'MALFORMED_BODY',
    ],
  ])('refuses a body of %s (%s) with a 4xx envelope', async (_kind, type, body, status, code) => {
    const { socket, answer, answered } = open();
    socket.write(
      requestHead(route, target, owner, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) }),
    );
    socket.write(body);
    // The server answers and keeps the connection; ours closes it once the answer is in.
    await eventually(answered, { what: 'an answer' });
    socket.end();
    expectEnvelope(await answer, status, code);
    await expectAlive();
    await expectNothingLeft();
  });

  it('still takes a good upload afterwards', async () => {
    const body = multipart(route.content);
    const { socket, answer } = open();
    socket.write(requestHead(route, target, owner, { ...contentHeaders(body.length), Connection: 'close' }));
    socket.write(body);
    const answered = await answer;
    expect([answered.status, answered.body?.success]).toEqual([route.method === 'PUT' ? 200 : 201, true]);
    expect((await stack.http('GET', `/v1/admin/apps/${owner.appId}`, { token: owner.token })).status).toBe(200);
    await expectAlive();
  });
});

describe('the API process', () => {
  it('stayed up through every bad upload, and holds no transaction open', async () => {
    // Every bad upload above was sent seconds ago: a handler still waiting on one is stuck for good.
    await expectAlive();
    const { rows } = await stack.db().query(
      `SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = current_database()
         AND pid <> pg_backend_pid() AND state = 'idle in transaction'`,
    );
    expect(rows[0].open).toBe(0);
  });
});

function contentHeaders(length: number | null): Record<string, string | number> {
  const headers: Record<string, string | number> = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (length !== null) headers['Content-Length'] = length;
  return headers;
}
