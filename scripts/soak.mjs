#!/usr/bin/env node
// `pnpm soak`: mixed client load (init, license, check, heartbeat, var) at a
// fixed rate against a private API, sampling every 10 s its RSS, the memory it
// retains after a full collection, and its event-loop delay
// (scripts/soak-sampler.mjs, loaded with --import), and the p99 latency seen by
// the client. Fails (exit 1) when any answer is a 5xx or a refusal, or when
// memory grows without bound: the least-squares slope of retained memory (heap
// and external after a full collection) over the second half of the run above
// --max-growth MB/min. RSS is reported, not judged: it follows the collector's
// sawtooth and the allocator's caching, so over a minute its slope says little.
//   node scripts/soak.mjs [--duration 600] [--rate 50] [--max-growth 10]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dropDatabase, freshDatabase, startApi, testEnv } from './test-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    rate: { type: 'string', default: '50' },
    'max-growth': { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '10' },
  },
});
const durationMs = Number(args.duration) * 1000;
const ratePerSecond = Number(args.rate);
const maxGrowthMbPerMin = Number(args['max-growth']);
const sampleMs = Number(args['sample-seconds']) * 1000;
const KEYS = 100;

const log = (value) => process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`);

async function call(base, pathName, { method = 'POST', token, body } = {}) {
  const res = await fetch(base + pathName, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function must(base, pathName, options) {
  const { status, json } = await call(base, pathName, options);
  if (!json.success) throw new Error(`${pathName}: ${status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function p99(latencies) {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

async function main() {
  const databaseName = `latchkey_soak_${process.pid}`;
  const env = testEnv(await freshDatabase(databaseName), {
    NODE_ENV: 'production',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${path.join(root, 'scripts/soak-sampler.mjs')}`,
    SOAK_SAMPLE_MS: String(sampleMs),
  });
  const api = await startApi(env);
  const samples = [];
  let buffered = '';
  api.child.stderr.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) if (line.startsWith('{"soakSample"')) samples.push(JSON.parse(line).soakSample);
  });

  try {
    const { accessToken } = await must(api.url, '/v1/admin/auth/signup', {
      body: { email: 'soak@example.com', password: 'soak password' },
    });
    const app = await must(api.url, '/v1/admin/apps', { token: accessToken, body: { name: 'Soak' } });
    await must(api.url, `/v1/admin/apps/${app.appId}`, {
      method: 'PATCH',
      token: accessToken,
      body: { rateLimitPerMinute: 0 },
    });
    await must(api.url, `/v1/admin/apps/${app.appId}/variables`, {
      token: accessToken,
      body: { key: 'motd', value: 'hello' },
    });
    const licenses = await must(api.url, `/v1/admin/apps/${app.appId}/licenses`, {
      token: accessToken,
      body: { count: KEYS, durationType: '30d' },
    });
    const credentials = { appId: app.appId, apiKey: app.apiKey };
    const keys = licenses.map((l, i) => ({ key: l.key, hwid: `SOAK${i}` }));
    const tokens = [];
    for (const { key, hwid } of keys) {
      const data = await must(api.url, '/v1', { body: { type: 'license', ...credentials, licenseKey: key, hwid } });
      tokens.push(data.sessionToken);
    }

    let n = 0;
    const nextRequest = () => {
      const i = n++;
      const token = tokens[i % tokens.length];
      const { key, hwid } = keys[i % keys.length];
      switch (i % 5) {
        case 0:
          return { type: 'init', ...credentials };
        case 1:
          return { type: 'license', ...credentials, licenseKey: key, hwid };
        case 2:
          return { type: 'check', ...credentials, sessionToken: token };
        case 3:
          return { type: 'heartbeat', ...credentials, sessionToken: token };
        default:
          return { type: 'var', ...credentials, sessionToken: token, key: 'motd' };
      }
    };

    const windows = [];
    let window = { latencies: [], serverErrors: 0, refusals: [] };
    const inFlight = new Set();
    const started = Date.now();
    let sent = 0;
    const tick = setInterval(() => {
      // A fixed rate: as many requests as the elapsed time calls for, whatever the answers take.
      const due = Math.floor(((Date.now() - started) / 1000) * ratePerSecond);
      for (; sent < due; sent++) {
        const body = nextRequest();
        const current = window;
        const t0 = performance.now();
        const request = call(api.url, '/v1', { body })
          .then(({ status, json }) => {
            current.latencies.push(performance.now() - t0);
            if (status >= 500) current.serverErrors++;
            else if (!json.success) current.refusals.push(`${body.type}: ${status} ${json.message}`);
          })
          .catch((err) => current.refusals.push(`${body.type}: ${err.message}`))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
    }, 5);
    const report = setInterval(() => {
      const done = window;
      window = { latencies: [], serverErrors: 0, refusals: [] };
      const sample = samples.at(-1);
      const line = {
        atSeconds: Math.round((Date.now() - started) / 1000),
        requests: done.latencies.length,
        p99Ms: +p99(done.latencies).toFixed(1),
        serverErrors: done.serverErrors,
        refusals: done.refusals.length,
        rssMb: sample?.rssMb,
        heapUsedMb: sample?.heapUsedMb,
        retainedMb: sample?.retainedMb,
        loopDelayP99Ms: sample?.loopDelayP99Ms,
      };
      windows.push({ ...line, refusalSamples: done.refusals.slice(0, 3) });
      log(line);
    }, sampleMs);
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    clearInterval(tick);
    await Promise.all(inFlight);
    clearInterval(report);

    const secondHalf = samples
      .map((s, i) => ({ x: ((i + 1) * sampleMs) / 60_000, y: s.retainedMb }))
      .filter((p) => p.x * 60_000 > durationMs / 2);
    const growth = slope(secondHalf);
    const serverErrors = windows.reduce((s, w) => s + w.serverErrors, 0);
    const refusals = windows.flatMap((w) => w.refusalSamples);
    const refusalCount = windows.reduce((s, w) => s + w.refusals, 0);
    const problems = [];
    if (serverErrors > 0) problems.push(`${serverErrors} answers were 5xx`);
    if (refusalCount > 0) problems.push(`${refusalCount} requests were refused, e.g. ${refusals.join('; ')}`);
    if (growth > maxGrowthMbPerMin)
      problems.push(
        `retained memory grew ${growth.toFixed(2)} MB/min over the second half (limit ${maxGrowthMbPerMin})`,
      );
    const summary = {
      soak: problems.length === 0 ? 'passed' : 'failed',
      seconds: durationMs / 1000,
      ratePerSecond,
      requests: n,
      p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
      rssMb: { first: samples[0]?.rssMb, last: samples.at(-1)?.rssMb, max: Math.max(...samples.map((s) => s.rssMb)) },
      retainedMb: { first: samples[0]?.retainedMb, last: samples.at(-1)?.retainedMb },
      retainedGrowthMbPerMinSecondHalf: +growth.toFixed(2),
      loopDelayP99MsMax: Math.max(...samples.map((s) => s.loopDelayP99Ms)),
      problems,
    };
    log(summary);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await api.stop();
    await dropDatabase(databaseName).catch(() => undefined);
  }
}

await main();
