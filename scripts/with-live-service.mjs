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
import { parseArgs } from 'node:util';
import { startLiveService } from './live-service.mjs';

const { values: args, positionals: command } = parseArgs({
  options: { database: { type: 'string', default: process.env.LATCHKEY_LIVE_DATABASE || 'latchkey_sdk_live' } },
  allowPositionals: true,
});
if (command.length === 0) {
  process.stderr.write('usage: node scripts/with-live-service.mjs [--database NAME] -- <command> [args...]\n');
  process.exit(2);
}

const service = await startLiveService(args.database);
let status;
try {
  status = await new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...service.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await service.stop();
}
process.exit(status);
