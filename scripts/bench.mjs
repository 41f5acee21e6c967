#!/usr/bin/env node
// `pnpm bench`: loads POST /v1 on loopback with autocannon and prints our
// figures beside the bare floor of ../shared/bench, measured in the same run on
// the same machine. Reports; never fails on a figure.
//   node scripts/bench.mjs [--seconds 10] [--connections 32] [--rounds 3] [--only init,license]
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, freshDatabase, dropDatabase, startApi, testEnv } from './test-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedBench = process.env.BENCH_SHARED_DIR || path.resolve(root, '../shared/bench');
// The shared folder is read-only and has no node_modules: run its scripts from a
// copy inside the repo, where `pg` and `autocannon` resolve from our workspace.
const work = path.join(root, '.bench-cache');

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: '' },
  },
});

function log(line) {
  process.stdout.write(`${line}\n`);
}

function prepareSharedScripts() {
  mkdirSync(work, { recursive: true });
  for (const file of ['floor.mjs', 'load.mjs']) {
    const source = path.join(sharedBench, file);
    if (!existsSync(source)) throw new Error(`${source} not found (set BENCH_SHARED_DIR)`);
    copyFileSync(source, path.join(work, file));
  }
}

/** Runs the shared autocannon driver against one target and returns its JSON line. */
function load(target, type, seconds = args.seconds) {
  const file = path.join(work, `target-${target.name}.json`);
  writeFileSync(file, JSON.stringify(target));
  const result = spawnSync(process.execPath, [path.join(work, 'load.mjs'), file, type, args.connections, seconds], {
    encoding: 'utf8',
  });
  const line = result.stdout.trim().split('\n').pop();
  if (result.status !== 0 || !line?.startsWith('{')) throw new Error(`load ${type} failed: ${result.stderr}`);
  return JSON.parse(line);
}

async function startFloor() {
  const port = await freePort();
  const url = new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/lk_floor';
  const child = spawn(process.execPath, [path.join(work, 'floor.mjs')], {
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`floor exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const tokens = await (await fetch(`${base}/_tokens`)).json();
  const keys = Array.from({ length: ready.keys }, (_, i) => `K${i + 1}`);
  return {
    stop: () => child.kill('SIGTERM'),
    target: {
      name: 'floor',
      kind: 'v1',
      url: `${base}/`,
      appId: ready.appId,
      apiKey: ready.apiKey,
      keys,
      hwids: keys.map((_, i) => `HW${i + 1}`),
      tokens,
    },
  };
}

async function admin(base, method, pathName, token, body) {
  const res = await fetch(base + pathName, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Our service on a scratch database, with an app set up through the admin API. */
async function startOurs() {
  const databaseUrl = await freshDatabase('latchkey_bench');
  const env = testEnv(databaseUrl, {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    BCRYPT_COST: '10',
  });
  const api = await startApi(env);
  const { accessToken } = await admin(api.url, 'POST', '/v1/admin/auth/signup', undefined, {
    email: 'bench@example.com',
    password: 'bench password',
  });
  const app = await admin(api.url, 'POST', '/v1/admin/apps', accessToken, { name: 'Bench' });
  return {
    stop: async () => {
      await api.stop();
      await dropDatabase('latchkey_bench');
    },
    target: { name: 'latchkey', kind: 'v1', url: `${api.url}/v1`, appId: app.appId, apiKey: app.apiKey },
  };
}

const TYPES = ['init'];

/** The run with the median req/s of several. */
function median(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

async function main() {
  prepareSharedScripts();
  const only = args.only ? args.only.split(',') : TYPES;
  const rounds = Number(args.rounds);
  log(
    `bench: ${args.connections} connections, ${args.seconds} s per run, median of ${rounds} alternating runs ` +
      'after a warm-up, load generator on the same cores',
  );

  // Both servers stay up for the whole run; runs alternate between them so
  // that drift in the machine's speed hits both alike.
  const floor = await startFloor();
  const ours = await startOurs();
  const results = {};
  try {
    for (const type of only) {
      const warmSeconds = '3';
      load(floor.target, type, warmSeconds);
      load(ours.target, type, warmSeconds);
      const floorRuns = [];
      const ourRuns = [];
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? [floor, ours] : [ours, floor];
        for (const server of order) (server === floor ? floorRuns : ourRuns).push(load(server.target, type));
      }
      results[type] = {
        latchkey: median(ourRuns),
        floor: median(floorRuns),
        runs: { latchkey: ourRuns, floor: floorRuns },
      };
    }
  } finally {
    floor.stop();
    await ours.stop();
  }

  log('');
  log('type      latchkey req/s  p50  p99 | floor req/s  p50  p99 | ratio  non-2xx+errors (ours/floor)');
  for (const type of only) {
    const { latchkey: o, floor: f } = results[type];
    const ratio = f.rps ? `${Math.round((o.rps / f.rps) * 100)}%` : 'n/a';
    log(
      `${type.padEnd(9)} ${String(o.rps).padStart(14)} ${String(o.p50).padStart(4)} ${String(o.p99).padStart(4)} |` +
        ` ${String(f.rps).padStart(11)} ${String(f.p50).padStart(4)} ${String(f.p99).padStart(4)} |` +
        ` ${ratio.padStart(5)}  ${o.non2xx + o.errors}/${f.non2xx + f.errors}`,
    );
  }
  log('');
  log(JSON.stringify(results));
}

await main();
