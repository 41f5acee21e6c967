// Load driver for `pnpm bench`'s `+nonce` rows: `POST /v1` `init` or `var` as
// the SDKs send them, with a fresh `nonce` on every call. The shared driver
// sends none, so its answers repeat and reuse their signature (ResponseSigner);
// with a nonce every answer is signed, as every KeyAuth answer is (its own
// `nonce`). Prints one JSON line shaped like ../shared/bench/load.mjs's.
// node scripts/v1-nonce-load.mjs TARGET.json TYPE [connections=32] [seconds=10]
// TARGET.json: { url, appId, apiKey, tokens: [...] } (`tokens`: live sessions, for `var`).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadAndReport } from './load-driver.mjs';

const [file, type, connections = '32', seconds = '10'] = process.argv.slice(2);
const target = JSON.parse(readFileSync(file, 'utf8'));
if (type !== 'init' && type !== 'var') throw new Error(`v1-nonce-load: init or var, not ${type}`);

/** Nonces are drawn from the system's generator a few thousand at a time: the load generator shares the cores. */
const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 4096;
let pool = Buffer.alloc(0);
let used = 0;
function nonce() {
  if (used >= pool.length) {
    pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.subarray(used - NONCE_BYTES, used).toString('base64url');
}

let next = 0;
function body() {
  const base = { type, appId: target.appId, apiKey: target.apiKey };
  if (type === 'var') {
    const sessionToken = target.tokens[next++ % target.tokens.length];
    return JSON.stringify({ ...base, sessionToken, key: 'motd', nonce: nonce() });
  }
  return JSON.stringify({ ...base, nonce: nonce() });
}

await loadAndReport({
  label: 'latchkey-nonce',
  type,
  url: target.url,
  connections,
  seconds,
  contentType: 'application/json',
  body,
});
