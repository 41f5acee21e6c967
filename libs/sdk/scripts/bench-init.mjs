// What the SDK's checks cost on `init`, for scripts/bench.mjs (`pnpm bench`):
// - client side: the same keep-alive node:http client calls `init` raw (no
//   nonce, no check) or through the SDK (fresh nonce, Ed25519 signature,
//   timestamp and nonce checked), from worker threads so the client is not held
//   to one core;
// - server side: autocannon sends `init` without and with a fresh nonce per
//   request (the nonce's cost to the service itself).
// Runs alternate between the two variants; medians are reported.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const sdkEntry = new URL('../dist/esm/index.js', import.meta.url);

/** One worker: `inflight` loops calling init for `seconds`; reports its calls. */
async function workerMain({ mode, target, seconds, inflight }) {
  let calls = 0;
  let call;
  if (mode === 'sdk') {
    const { Latchkey } = await import(sdkEntry.href);
    const client = new Latchkey(target);
    call = () => client.init();
  } else {
    const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });
    const body = JSON.stringify({ type: 'init', appId: target.appId, apiKey: target.apiKey });
    const url = new URL(`${target.url}/v1`);
    call = () =>
      new Promise((resolve, reject) => {
        const req = http.request(
          url,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => {
              const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              if (!envelope.success) reject(new Error(envelope.message));
              else resolve();
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
  }
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (Date.now() < deadline) {
        await call();
        calls += 1;
      }
    }),
  );
  parentPort.postMessage({ calls });
}

/** `threads` workers of this process call init; CPU time is the whole process's over the run (the service runs elsewhere). */
async function runClients(mode, target, seconds, threads, connections) {
  const started = process.cpuUsage();
  const inflight = Math.max(1, Math.round(connections / threads));
  const workers = Array.from(
    { length: threads },
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { mode, target, seconds, inflight } });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
  );
  const calls = (await Promise.all(workers)).reduce((sum, r) => sum + r.calls, 0);
  const cpu = process.cpuUsage(started);
  return {
    rps: Math.round(calls / seconds),
    clientMicrosPerCall: Math.round((cpu.user + cpu.system) / Math.max(1, calls)),
  };
}

async function autocannonInit(target, seconds, connections, withNonce) {
  const base = { type: 'init', appId: target.appId, apiKey: target.apiKey };
  const result = await autocannon({
    url: `${target.url}/v1`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(withNonce ? { ...base, nonce: randomBytes(16).toString('base64url') } : base),
        }),
      },
    ],
  });
  return { rps: Math.round(result.requests.average), non2xx: result.non2xx + result.errors };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * target: { url, appId, apiKey, publicKey }. Answers medians:
 * { client: { raw, sdk, ratio, rawMicros, sdkMicros }, server: { plain, nonce, ratio } }.
 */
export async function benchInit(target, { seconds, connections, rounds, threads = 2 }) {
  await runClients('raw', target, 2, threads, connections);
  await runClients('sdk', target, 2, threads, connections);
  const raw = [];
  const sdk = [];
  const plain = [];
  const nonce = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['raw', 'sdk'] : ['sdk', 'raw'];
    for (const mode of order)
      (mode === 'raw' ? raw : sdk).push(await runClients(mode, target, seconds, threads, connections));
    const serverOrder = round % 2 === 0 ? [false, true] : [true, false];
    for (const withNonce of serverOrder) {
      (withNonce ? nonce : plain).push(await autocannonInit(target, seconds, connections, withNonce));
    }
  }
  const rawRps = median(raw.map((r) => r.rps));
  const sdkRps = median(sdk.map((r) => r.rps));
  const plainRps = median(plain.map((r) => r.rps));
  const nonceRps = median(nonce.map((r) => r.rps));
  return {
    client: {
      raw: rawRps,
      sdk: sdkRps,
      ratio: sdkRps / rawRps,
      rawMicros: median(raw.map((r) => r.clientMicrosPerCall)),
      sdkMicros: median(sdk.map((r) => r.clientMicrosPerCall)),
    },
    server: { plain: plainRps, nonce: nonceRps, ratio: nonceRps / plainRps },
    runs: { raw, sdk, plain, nonce },
  };
}

if (!isMainThread) await workerMain(workerData);
