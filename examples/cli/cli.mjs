#!/usr/bin/env node
// A licensed command-line program, as a vendor would write it with the SDK alone:
// it logs in with a license key, prints the user's level and expiry, reads a
// server-side variable and downloads a file (end-to-end encrypted).
//
//   LATCHKEY_URL=https://licensing.example.com LATCHKEY_APP_ID=... LATCHKEY_API_KEY=... LATCHKEY_PUBLIC_KEY=... \
//     node cli.mjs --key XXXXX-XXXXX-XXXXX-XXXXX [--var motd] [--file <fileId> --out ./app.bin] [--hwid <id>]
//
// Exit status: 0 on success, 1 when the service refused (the code is printed), 2 on bad usage.
import { Latchkey, LatchkeyError, machineId } from '@latchkey/sdk';
import { parseArgs } from 'node:util';

const usage =
  'usage: node cli.mjs --key <license key> [--var <key>] [--file <fileId> --out <path>] [--hwid <id>]\n' +
  'environment: LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY, LATCHKEY_PUBLIC_KEY\n';

function fail(status, text) {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  process.exit(status);
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      key: { type: 'string' },
      var: { type: 'string' },
      file: { type: 'string' },
      out: { type: 'string' },
      hwid: { type: 'string' },
    },
  }));
} catch (err) {
  fail(2, `${err.message}\n${usage}`);
}
const env = process.env;
const missing = ['LATCHKEY_URL', 'LATCHKEY_APP_ID', 'LATCHKEY_API_KEY', 'LATCHKEY_PUBLIC_KEY'].filter(
  (name) => !env[name],
);
if (!args.key || missing.length > 0 || (args.file && !args.out)) {
  fail(2, `${missing.length ? `missing ${missing.join(', ')}\n` : ''}${usage}`);
}

const print = (line) => process.stdout.write(`${line}\n`);

try {
  const lk = new Latchkey({
    url: env.LATCHKEY_URL,
    appId: env.LATCHKEY_APP_ID,
    apiKey: env.LATCHKEY_API_KEY,
    publicKey: env.LATCHKEY_PUBLIC_KEY,
  });
  // The HWID ties the key to this computer: a salted hash of the OS's machine id.
  const hwid = args.hwid ?? (await machineId(env.LATCHKEY_APP_ID));
  const { user, ticket } = await lk.license(args.key, hwid);
  print(`level: ${user.level}`);
  print(`expires: ${user.expiresAt ?? 'never (lifetime)'}`);
  if (ticket) {
    const { exp } = await lk.verifyTicket(ticket, hwid);
    print(`offline until: ${new Date(exp * 1000).toISOString()}`);
  }
  if (args.var) print(`${args.var}: ${await lk.var(args.var)}`);
  if (args.file) {
    const file = await lk.file(args.file, args.out);
    print(`downloaded: ${file.name} (${file.size} bytes, sha256 ${file.sha256}) to ${args.out}`);
  }
  await lk.logout();
} catch (err) {
  if (err instanceof LatchkeyError) fail(1, `error ${err.code}: ${err.message}`);
  throw err;
}
