#!/usr/bin/env node
// Runs a command against a real Latchkey: the end-to-end tests of the SDKs in
// other languages (pytest, ctest) start the built API on a fresh database
// through this script, so each language's tests see the same service and the
// same fixtures without a Node test runner of their own.
//   node scripts/with-live-service.mjs [--database NAME] -- <command> [args...]
// The command runs with these variables set, and this script exits with its status:
//   LATCHKEY_URL            the API's base URL (http://127.0.0.1:<port>)
//   LATCHKEY_APP_ID         an app made for the run (rate limit lifted, offline tickets on for a day)
//   LATCHKEY_API_KEY        its API key
//   LATCHKEY_PUBLIC_KEY     its Ed25519 public key (32 raw bytes, base64, as the console shows it)
//   LATCHKEY_OWNER_TOKEN    the owner's access token, for tests that make their own keys and users
//   LATCHKEY_FILE_ID        a 2.5 MiB file (three records) at level 1,
//   LATCHKEY_FILE_SHA256    its SHA-256 (hex) and LATCHKEY_FILE_SIZE its size in bytes
//   LATCHKEY_VIP_FILE_ID    a small file at level 5 (refused to lower levels)
// and variables `motd` ("hello from latchkey", level 1) and `vip` ("for level 5", level 5).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { admin } from './admin-call.mjs';
import { dropDatabase, freshDatabase, startApi, testEnv } from './test-service.mjs';

const { values: args, positionals: command } = parseArgs({
  options: { database: { type: 'string', default: process.env.LATCHKEY_LIVE_DATABASE || 'latchkey_sdk_live' } },
  allowPositionals: true,
});
if (command.length === 0) {
  process.stderr.write('usage: node scripts/with-live-service.mjs [--database NAME] -- <command> [args...]\n');
  process.exit(2);
}

const FILE_BYTES = 2.5 * 1024 * 1024;

/** A multipart upload through the admin API; the new file's id. */
async function upload(base, token, appId, content, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(content)]), fields.name);
  const res = await fetch(`${base}/v1/admin/apps/${appId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`upload ${fields.name}: ${res.status} ${JSON.stringify(json)}`);
  return json.data.fileId;
}

async function fixtures(base) {
  const { accessToken } = await admin(base, 'POST', '/v1/admin/auth/signup', undefined, {
    email: 'sdk-live@example.com',
    password: 'sdk live password',
  });
  const app = await admin(base, 'POST', '/v1/admin/apps', accessToken, { name: 'SDK live tests' });
  const appPath = `/v1/admin/apps/${app.appId}`;
  await admin(base, 'PATCH', appPath, accessToken, { rateLimitPerMinute: 0, offlineTicketSeconds: 86_400 });
  await admin(base, 'POST', `${appPath}/variables`, accessToken, { key: 'motd', value: 'hello from latchkey' });
  await admin(base, 'POST', `${appPath}/variables`, accessToken, { key: 'vip', value: 'for level 5', minLevel: 5 });
  const content = randomBytes(FILE_BYTES);
  const fileId = await upload(base, accessToken, app.appId, content, { name: 'payload.bin', minLevel: '1' });
  const vipFileId = await upload(base, accessToken, app.appId, randomBytes(1024), { name: 'vip.bin', minLevel: '5' });
  return {
    LATCHKEY_URL: base,
    LATCHKEY_APP_ID: app.appId,
    LATCHKEY_API_KEY: app.apiKey,
    LATCHKEY_PUBLIC_KEY: app.publicKey,
    LATCHKEY_OWNER_TOKEN: accessToken,
    LATCHKEY_FILE_ID: fileId,
    LATCHKEY_FILE_SHA256: createHash('sha256').update(content).digest('hex'),
    LATCHKEY_FILE_SIZE: String(FILE_BYTES),
    LATCHKEY_VIP_FILE_ID: vipFileId,
  };
}

const databaseUrl = await freshDatabase(args.database);
const api = await startApi(testEnv(databaseUrl));
let status;
try {
  const env = await fixtures(api.url);
  status = await new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await api.stop();
  await dropDatabase(args.database);
}
process.exit(status);
