#!/usr/bin/env node
// A stand-in for POST /v1 serving forged, stale, replayed and broken answers
// on purpose (like libs/sdk/test/fake-service.ts), signed with the protocol
// vectors' key, so the C client's refusals can be tested one by one. One
// server serves every rejection test (ctest fixture):
//   node fake-service.mjs --start <state file>   starts it in the background and returns once it listens
//   node fake-service.mjs --stop <state file>    ends it
// The state file holds four lines: the base URL, the app id, the public key
// (base64) and the server's pid. The first path segment names the scenario:
// a client of `<base URL>/stale` posts to /stale/v1 and gets stale answers.
import { spawn } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  createCipheriv,
  randomBytes,
  sign,
} from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const vectors = JSON.parse(readFileSync(new URL('../../sdk/test/vectors.json', import.meta.url), 'utf8'));
const signingKey = createPrivateKey({
  key: Buffer.from('302e020100300506032b657004220420' + vectors.signing.privateKeySeed, 'hex'),
  format: 'der',
  type: 'pkcs8',
});
const otherKey = generateKeyPairSync('ed25519').privateKey;
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const ALG = 'X25519-HKDF-SHA256-AES256GCM-STREAM';
const RECORD_SIZE = 65536;
const APP_ID = vectors.ticket.claims.iss;
/** 150000 bytes (three records): byte i = 7i mod 251. */
const CONTENT = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 7) % 251));

const user = {
  userId: '5e0f7a34-9c2d-4b1a-8e6f-3d2c1b0a9f88',
  username: 'fake-user',
  level: 3,
  hwid: null,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: '2026-01-02T00:00:00.000Z',
};
const session = { sessionToken: 'fake-session-token', expiresAt: '2026-01-03T00:00:00.000Z', user };

/** What a well-behaved service answers to each type. */
function goodAnswer(request) {
  switch (request.type) {
    case 'init':
      return { message: 'App initialized', data: { name: 'Fake App', version: '1.0.0', updateUrl: null } };
    case 'license':
    case 'login':
    case 'register':
      return { message: 'Authenticated', data: session };
    case 'check':
      return { message: 'Session is valid', data: { user, expiresAt: session.expiresAt } };
    case 'heartbeat':
      return { message: 'Session alive', data: { expiresAt: '2026-01-04T00:00:00.000Z' } };
    case 'var':
    case 'uservar':
      return { message: 'Variable retrieved', data: { key: request.key, value: `value of ${request.key}` } };
    case 'setuservar':
      return { message: 'User variable saved', data: { key: request.key, value: request.value } };
    case 'uservars':
      return {
        message: 'User variables retrieved',
        data: {
          variables: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        },
      };
    default:
      return { message: 'Logged', data: {} };
  }
}

const downloads = new Map();

/** A signed file answer and its download, broken as the scenario says. */
function fileAnswer(scenario, request, base) {
  const id = randomBytes(8).toString('hex');
  const data = {
    fileId: request.fileId,
    name: 'fake.bin',
    size: CONTENT.length,
    sha256: createHash('sha256').update(CONTENT).digest('hex'),
    url: `${base}/download/${id}`,
    expiresAt: '2026-01-03T00:00:00.000Z',
  };
  if (scenario === 'file-wrong-sha') data.sha256 = createHash('sha256').update('other').digest('hex');
  if (!request.clientPublicKey || scenario === 'file-unencrypted') {
    downloads.set(id, { headers: {}, body: CONTENT });
    return data;
  }
  const server = generateKeyPairSync('x25519');
  const clientKey = createPublicKey({
    key: Buffer.concat([X25519_SPKI_PREFIX, Buffer.from(request.clientPublicKey, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  const salt = randomBytes(16);
  const shared = diffieHellman({ privateKey: server.privateKey, publicKey: clientKey });
  const key = Buffer.from(hkdfSync('sha256', shared, salt, Buffer.from(`latchkey-file-v1:${request.fileId}`), 32));
  const records = [];
  const count = Math.max(1, Math.ceil(CONTENT.length / RECORD_SIZE));
  for (let i = 0; i < count; i++) {
    const nonce = Buffer.alloc(12);
    nonce.writeBigUInt64BE(BigInt(i), 4);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(Buffer.from([i === count - 1 ? 1 : 0]));
    const sealed = Buffer.concat([
      cipher.update(CONTENT.subarray(i * RECORD_SIZE, (i + 1) * RECORD_SIZE)),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    records.push(sealed);
  }
  let body = Buffer.concat(records);
  if (scenario === 'file-corrupt') body[RECORD_SIZE + 100] ^= 1;
  if (scenario === 'file-truncated') body = body.subarray(0, 2 * (RECORD_SIZE + 16));
  const serverPublicKey = server.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  data.encryption = {
    alg: ALG,
    serverPublicKey,
    salt: salt.toString('base64'),
    recordSize: RECORD_SIZE,
    clientPublicKey: scenario === 'file-other-key' ? serverPublicKey : request.clientPublicKey,
  };
  downloads.set(id, {
    status: scenario === 'file-gone' ? 410 : 200,
    headers: { 'x-content-encryption': ALG },
    body:
      scenario === 'file-gone'
        ? Buffer.from(JSON.stringify({ success: false, message: 'Download link expired or already used', data: {} }))
        : body,
  });
  return data;
}

/** The answer's status, body and signature headers for `request` under `scenario`. */
function answer(scenario, request, base) {
  const now = Math.floor(Date.now() / 1000);
  let status = 200;
  let { message, data } = goodAnswer(request);
  let success = true;
  const refusals = {
    refusal: [403, 'License is banned'],
    validation: [400, 'username must be 3-32 characters'],
    'server-error': [500, 'Internal server error'],
    'unsigned-refusal': [401, 'Invalid application credentials'],
    'heartbeat-lost': [401, 'Invalid or expired session'],
  };
  const applies = request.type === 'init' || (scenario === 'heartbeat-lost' && request.type === 'heartbeat');
  if (applies && refusals[scenario]) {
    [status, message] = refusals[scenario];
    success = false;
    data = {};
  }
  if (request.type === 'file') data = fileAnswer(scenario, request, base);
  const envelope = { success, message, data };
  // The checks' scenarios break the first answer a program gets: init's, or license's (the example CLI's).
  const nonceScenario = request.type === 'init' || request.type === 'license' ? scenario : '';
  if (nonceScenario === 'replayed') envelope.nonce = 'ReplayedNonce1234567890';
  else if (nonceScenario !== 'no-nonce' && request.nonce !== undefined) envelope.nonce = request.nonce;
  let body = JSON.stringify(envelope);
  if (nonceScenario === 'not-json') body = '<html>oops</html>';
  if (nonceScenario === 'not-envelope') body = JSON.stringify({ ok: true, nonce: request.nonce });
  const timestamp = String(nonceScenario === 'stale' ? now - 120 : nonceScenario === 'future' ? now + 120 : now);
  const key = nonceScenario === 'forged' ? otherKey : signingKey;
  const headers = { 'content-type': 'application/json; charset=utf-8' };
  if (!['unsigned', 'unsigned-refusal'].includes(nonceScenario)) {
    headers['x-signature-timestamp'] = timestamp;
    headers['x-signature-ed25519'] = sign(null, Buffer.from(timestamp + body), key).toString('hex');
  }
  if (nonceScenario === 'malformed-signature') headers['x-signature-ed25519'] = 'not-hex';
  if (nonceScenario === 'tampered') body = body.replace('Fake App', 'Evil App');
  return { status, headers, body };
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const base = `http://127.0.0.1:${server.address().port}`;
    const download = /^\/download\/(\w+)$/.exec(req.url);
    if (req.method === 'GET' && download && downloads.has(download[1])) {
      const { status = 200, headers, body } = downloads.get(download[1]);
      downloads.delete(download[1]);
      res.writeHead(status, { 'content-type': 'application/octet-stream', ...headers });
      res.end(body);
      return;
    }
    const post = /^\/([\w-]+)\/v1$/.exec(req.url);
    if (req.method !== 'POST' || !post) {
      res.writeHead(404).end();
      return;
    }
    const { status, headers, body } = answer(post[1], JSON.parse(Buffer.concat(chunks).toString('utf8')), base);
    res.writeHead(status, headers);
    res.end(body);
  });
});

/** Longest a server lives: a run whose cleanup never came does not leave it behind. */
const LIFETIME_MS = 10 * 60 * 1000;
const [mode, stateFile] = process.argv.slice(2);
if (mode === '--serve') {
  server.listen(0, '127.0.0.1', () => {
    const lines = [`http://127.0.0.1:${server.address().port}`, APP_ID, vectors.signing.publicKey, process.pid];
    writeFileSync(`${stateFile}.tmp`, `${lines.join('\n')}\n`);
    renameSync(`${stateFile}.tmp`, stateFile);
  });
  setTimeout(() => process.exit(0), LIFETIME_MS).unref();
} else if (mode === '--start') {
  rmSync(stateFile, { force: true });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', stateFile], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  let exited = false;
  child.on('exit', () => (exited = true));
  while (!existsSync(stateFile)) {
    if (exited) throw new Error('the fake service exited before listening');
    await sleep(20);
  }
  process.exit(0);
} else if (mode === '--stop') {
  const pid = Number(readFileSync(stateFile, 'utf8').split('\n')[3]);
  rmSync(stateFile, { force: true });
  try {
    process.kill(pid);
  } catch {
    // already gone (e.g. its lifetime ended)
  }
} else {
  process.stderr.write('usage: node fake-service.mjs --start|--stop <state file>\n');
  process.exit(2);
}
