// The TypeScript SDK's line of `pnpm bench:sdk`: N sequential `init` calls,
// each with a fresh nonce and its answer verified (signature, timestamp,
// nonce), against the service named by the LATCHKEY_* variables
// (scripts/with-live-service.mjs). Prints one JSON line, the same shape every
// SDK's cost program prints: the client's own CPU time per call.
import { cpuUsage } from 'node:process';
import { Latchkey } from '../dist/esm/index.js';

const calls = Number(process.argv[2] ?? 2000);
const client = new Latchkey({
  url: process.env.LATCHKEY_URL,
  appId: process.env.LATCHKEY_APP_ID,
  apiKey: process.env.LATCHKEY_API_KEY,
  publicKey: process.env.LATCHKEY_PUBLIC_KEY,
});
// Warm-up: connection, JIT, key import.
for (let i = 0; i < 50; i++) await client.init();
const cpuBefore = cpuUsage();
const wallBefore = process.hrtime.bigint();
for (let i = 0; i < calls; i++) await client.init();
const cpu = cpuUsage(cpuBefore);
const wallMicros = Number(process.hrtime.bigint() - wallBefore) / 1000;
process.stdout.write(
  `${JSON.stringify({
    sdk: 'typescript',
    calls,
    cpuMicrosPerCall: Math.round((cpu.user + cpu.system) / calls),
    wallMicrosPerCall: Math.round(wallMicros / calls),
  })}\n`,
);
