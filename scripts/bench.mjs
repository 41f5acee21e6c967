#!/usr/bin/env node
// `pnpm bench`: loads POST /v1 on loopback with autocannon and prints our
// figures beside the bare floor of ../shared/bench, measured in the same run on
// the same machine. Reports; never fails on a figure.
//   node scripts/bench.mjs [--seconds 10] [--connections 32] [--rounds 3] [--only init,license] [--profile DIR] [--metrics]
// --profile writes a V8 CPU profile of the API process to DIR and prints where its time went.
// --metrics adds a second API process with METRICS_PORT set, on the same database, in turn with the
// first: rows `TYPE+metrics` beside `TYPE`. The API's CPU per request is the steadier figure of the two.
// `init` and `var` also run with a fresh nonce per call (rows `TYPE+nonce`), as the SDKs send them.
// `--only file` times downloads alone (no floor, no load setup); FILE_STORAGE=fs FILE_STORAGE_DIR=... reach the API.
// BENCH_DATABASE_NAME names the scratch database (default latchkey_bench), so parallel runs do not share it.
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { admin, benchOwnerApp, generateKeys, inBatches } from './admin-call.mjs';
import { cpuMs, freePort, freshDatabase, dropDatabase, startApi, testEnv } from './test-service.mjs';
import { KEYAUTH_TYPES, KEYAUTH_VERSIONS, prepareKeyAuthRun, setUpKeyAuth } from './bench-keyauth.mjs';
import { Latchkey } from '../libs/sdk/dist/esm/index.js';
import { benchInit } from '../libs/sdk/scripts/bench-init.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedBench = process.env.BENCH_SHARED_DIR || path.resolve(root, '../shared/bench');
// The shared folder is read-only and has no node_modules: run its scripts from a
// copy inside the repo, where `pg` and `autocannon` resolve from our workspace.
const work = path.join(root, '.bench-cache');
const execFileAsync = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: '' },
    profile: { type: 'string' },
    metrics: { type: 'boolean', default: false },
  },
});

// var runs before license: the floor's license load evicts the sessions its var load reads.
const TYPES = ['init', 'var', 'license', 'activate', 'login', 'file', 'init-sdk'];
/** The floor has no `login`: ours is held against bcrypt alone at the same cost. */
const FLOOR_TYPES = new Set(['init', 'license', 'var', 'activate']);
/**
 * The calls whose `/v1` answer repeats when no nonce is sent, so its signature
 * is reused: they are run a second time with a fresh nonce per call, as the
 * SDKs send them (rows `TYPE+nonce`), signed on every answer as KeyAuth's are.
 */
const NONCE_TYPES = new Set(['init', 'var']);
const BCRYPT_COST = process.env.BENCH_BCRYPT_COST || '10';

const LICENSE_KEYS = 2000;
const VAR_SESSIONS = 500;
const LOGIN_USERS = 64;
/**
 * Unused keys for `activate` (a key's first use), each target's own: enough
 * for a warm-up and the rounds at a few thousand a second. Each run starts
 * where the last one stopped (FRESH_OFFSET, from the target's `fresh.offset`),
 * past every request it could have sent.
 */
const FRESH_KEYS = Number(process.env.BENCH_FRESH_KEYS || 200_000);
const LOGIN_PASSWORD = 'bench password';

const FILE_BENCH_BYTES = 10 * 1024 * 1024;
const FILE_DOWNLOADS_PER_RUN = 40;
const DATABASE_NAME = process.env.BENCH_DATABASE_NAME || 'latchkey_bench';
/** The floor's own database (floor.mjs drops and creates it), apart for each bench database. */
const FLOOR_DATABASE = `${DATABASE_NAME}_floor`;

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

/**
 * Runs the shared autocannon driver against one target and returns its JSON line.
 * Asynchronous on purpose: this process reads the API's log pipe, and a blocked
 * reader would leave the API's log lines piling up in its memory during the run.
 */
async function load(target, type, seconds = args.seconds) {
  const file = path.join(work, `target-${target.label ?? target.name}.json`);
  writeFileSync(file, JSON.stringify(target));
  // KeyAuth's form calls and `/v1` calls with a nonce run through our own drivers; the rest through the shared one.
  const ownDrivers = { 'keyauth-form': 'keyauth-load.mjs', 'v1-nonce': 'v1-nonce-load.mjs' };
  const driver = ownDrivers[target.kind]
    ? path.join(root, 'scripts', ownDrivers[target.kind])
    : path.join(work, 'load.mjs');
  const { stdout, stderr } = await execFileAsync(process.execPath, [driver, file, type, args.connections, seconds], {
    encoding: 'utf8',
    env: { ...process.env, FRESH_OFFSET: String(target.fresh?.offset ?? 0) },
  }).catch((error) => ({ stdout: '', stderr: String(error) }));
  const line = stdout.trim().split('\n').pop();
  if (!line?.startsWith('{')) throw new Error(`load ${type} failed: ${stderr}`);
  const run = JSON.parse(line);
  // Requests in flight when the run ended were sent but not counted: skip a connection's worth more.
  if (type === 'activate') target.fresh.offset += run.ok2xx + run.non2xx + run.errors + 2 * run.connections;
  return run;
}

async function startFloor() {
  const port = await freePort();
  const url = new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${FLOOR_DATABASE}`;
  const child = spawn(process.execPath, [path.join(work, 'floor.mjs')], {
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), FRESH_KEYS: String(FRESH_KEYS) },
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
    pid: child.pid,
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
      freshKeys: Array.from({ length: FRESH_KEYS }, (_, i) => `N${i + 1}`),
      fresh: { offset: 0 },
    },
  };
}

/** An SDK client of `app`: every setup call is signed, nonce-checked and verified, as a vendor's would be. */
function sdkClient(base, app) {
  return new Latchkey({
    url: base,
    appId: app.appId,
    apiKey: app.apiKey,
    publicKey: app.publicKey,
  });
}

/**
 * Our service on a scratch database, set up through its own APIs: an app with
 * activated keys (for `license`), live sessions (for `var`) and users with
 * passwords (for `login`), as the floor has them.
 */
async function startOurs(withLoadSetup) {
  const databaseUrl = await freshDatabase(DATABASE_NAME);
  const env = testEnv(databaseUrl, {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    BCRYPT_COST: BCRYPT_COST,
  });
  const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  const api = await startApi(env, { nodeArgs });
  // The same service with its Prometheus listener open, on the same data, started once the first has migrated.
  const withMetrics =
    args.metrics && withLoadSetup
      ? await startApi({ ...env, METRICS_PORT: String(await freePort()) }, { nodeArgs }).catch(async (err) => {
          await api.stop();
          throw err;
        })
      : null;
  const stop = async () => {
    await Promise.all([api.stop(), withMetrics?.stop()]);
    await dropDatabase(DATABASE_NAME);
  };
  const processes = {
    pid: api.child.pid,
    databaseUrl,
    // Another process of the same service on the same data, with `extra` settings; its caller stops it.
    startAnother: (extra) => startApi({ ...env, ...extra }, { nodeArgs }),
  };
  if (!withLoadSetup)
    return {
      stop,
      processes,
      target: { name: 'latchkey', url: `${api.url}/v1` },
    };
  const { accessToken, app } = await benchOwnerApp(api.url, 'bench@example.com', 'Bench');
  await admin(api.url, 'POST', `/v1/admin/apps/${app.appId}/variables`, accessToken, { key: 'motd', value: 'hello' });
  const credentials = { appId: app.appId, apiKey: app.apiKey };

  const generate = (count) => generateKeys(api.url, accessToken, app.appId, count);
  const keys = await generate(LICENSE_KEYS);
  const hwids = keys.map((_, i) => `HW${i + 1}`);
  await inBatches(keys, 16, (key, i) => sdkClient(api.url, app).license(key, hwids[i]));

  const varKeys = await generate(VAR_SESSIONS);
  const tokens = await inBatches(varKeys, 16, async (key) => (await sdkClient(api.url, app).license(key)).sessionToken);

  const loginKeys = await generate(LOGIN_USERS);
  const users = loginKeys.map((_, i) => `bench_user_${i}`);
  await inBatches(loginKeys, 8, (key, i) => sdkClient(api.url, app).register(users[i], LOGIN_PASSWORD, key));

  const target = {
    name: 'latchkey',
    kind: 'v1',
    url: `${api.url}/v1`,
    ...credentials,
    publicKey: app.publicKey,
    keys,
    hwids,
    tokens,
    users,
    password: LOGIN_PASSWORD,
    freshKeys: await insertUnusedKeys(databaseUrl, app.appId),
    // Shared with the metrics process's copy of the target: both use up the same keys.
    fresh: { offset: 0 },
  };
  const keyauth = await setUpKeyAuth(api.url, accessToken, app, { generate, inBatches });
  return {
    stop,
    processes,
    target,
    keyauth,
    withMetrics: withMetrics && {
      pid: withMetrics.child.pid,
      target: { ...target, name: 'latchkey-metrics', url: `${withMetrics.url}/v1` },
    },
  };
}

/**
 * FRESH_KEYS unused 30-day keys for `activate`, as the floor has them: inserted
 * in one statement (the API makes 100 a call) and analyzed, as generation does.
 */
async function insertUnusedKeys(databaseUrl, appId) {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query(
      `INSERT INTO licenses (app_id, key, duration_type)
       SELECT $1, 'FRESH-' || lpad(g::text, 6, '0'), '30d' FROM generate_series(1, $2::int) g RETURNING key`,
      [appId, FRESH_KEYS],
    );
    await database.query('ANALYZE licenses');
    return rows.map((row) => row.key).sort();
  } finally {
    await database.end();
  }
}

/** A server's connection to the `postgres` database, to find each target's backends. */
let catalog;

/**
 * CPU time (ms) the PostgreSQL backends serving database `name` have used.
 * The pools are full after the warm-up, so a run's difference is that run's.
 */
async function databaseCpuMs(name) {
  catalog ??= await (async () => {
    const url = new URL(process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  })();
  const { rows } = await catalog.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  return rows.reduce((sum, { pid }) => sum + (existsSync(`/proc/${pid}/stat`) ? cpuMs(pid) : 0), 0);
}

/**
 * A load run with the CPU time spent per answered request by PostgreSQL's
 * backends of `database`, and by the process `pid` when given (our API).
 */
async function loadMeasured(target, type, { pid, database }) {
  const apiBefore = pid ? cpuMs(pid) : 0;
  const databaseBefore = await databaseCpuMs(database);
  const run = await load(target, type);
  const answered = run.ok2xx + run.non2xx;
  const perRequest = (ms) => (answered ? Math.round((ms * 1000) / answered) : null);
  return {
    ...run,
    ...(pid ? { cpuMicrosPerRequest: perRequest(cpuMs(pid) - apiBefore) } : {}),
    databaseCpuMicrosPerRequest: perRequest((await databaseCpuMs(database)) - databaseBefore),
  };
}

/**
 * What bcrypt alone does at the configured cost on this machine: compares
 * with 32 in flight (as many as the load's connections) for `seconds`.
 */
async function bcryptAlone(seconds) {
  const require = createRequire(path.join(root, 'apps/api/package.json'));
  const bcrypt = require('bcrypt');
  const hash = await bcrypt.hash(LOGIN_PASSWORD, Number(BCRYPT_COST));
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      await bcrypt.compare(LOGIN_PASSWORD, hash);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: Number(args.connections) }, worker));
  return {
    rps: Math.round(done / seconds),
    p50: null,
    p99: null,
    non2xx: 0,
    errors: 0,
  };
}

/** The floor of `file`: the same bytes from fs.createReadStream, served by node:http in a process of its own. */
async function startPlainFileServer(filePath) {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    const { createReadStream, statSync } = require('node:fs');
    const size = statSync(process.argv[1]).size;
    createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      createReadStream(process.argv[1]).pipe(res);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source, filePath], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`plain file server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/file`,
    pid: child.pid,
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * One run of `file`: FILE_DOWNLOADS_PER_RUN downloads from each of `sources`
 * (name -> the next download's URL), taken in turn one download at a time,
 * the order rotating, so that a change in the shared machine's load (whole
 * runs of the plain server moved twofold from one to the next when each
 * source had a run of its own) falls on every source alike. Per source: MB/s
 * over its transfers alone, and the CPU its serving processes (`pids`: the
 * server, and for ours its PostgreSQL backends) spent per MiB during them,
 * the steadier figure on a shared machine.
 */
async function interleavedRun(sources, pids, rotation) {
  const names = Object.keys(sources);
  const runs = {};
  for (const name of names) {
    const urls = [];
    for (let i = 0; i < FILE_DOWNLOADS_PER_RUN; i += 1) urls.push(await sources[name]());
    runs[name] = { urls, serving: await pids[name](), bytes: 0, busyMs: 0, cpu: [] };
  }
  for (let i = 0; i < FILE_DOWNLOADS_PER_RUN; i += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const run = runs[names[(rotation + i + turn) % names.length]];
      const cpuBefore = run.serving.map((pid) => cpuMs(pid));
      const started = performance.now();
      const response = await fetch(run.urls[i]);
      if (response.status !== 200) throw new Error(`download answered ${response.status}`);
      for await (const chunk of response.body) run.bytes += chunk.length;
      run.busyMs += performance.now() - started;
      run.serving.forEach((pid, k) => (run.cpu[k] = (run.cpu[k] ?? 0) + cpuMs(pid) - cpuBefore[k]));
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const { bytes, busyMs, cpu } = runs[name];
      const perMiB = (ms) => Math.round((ms / (bytes / 1024 / 1024)) * 100) / 100;
      return [
        name,
        {
          mbps: Math.round((bytes / 1e6 / (busyMs / 1000)) * 10) / 10,
          serverCpuMsPerMiB: perMiB(cpu[0]),
          databaseCpuMsPerMiB: perMiB(cpu.slice(1).reduce((sum, ms) => sum + ms, 0)),
        },
      ];
    }),
  );
}

/**
 * `file`: a 10 MiB file uploaded through the admin API and downloaded through
 * single-use links (the `file` request before each download is not timed),
 * beside the plain server, all taken in turn download by download (interleavedRun).
 * `file-e2e` asks its links with a client key: the bytes come end-to-end
 * encrypted and are counted as they arrive, not opened (the plain server's
 * client opens nothing either). After the first download the API serves the
 * file from its cache of recent contents; `file-store` and `file-e2e-store`
 * ask their links of a second API process without that cache, so every one
 * of their downloads reads the store, as a content's first read in a process does.
 */
async function benchFile(base, rounds, processes) {
  const { accessToken } = await admin(base, 'POST', '/v1/admin/auth/signup', undefined, {
    email: 'bench-files@example.com',
    password: 'bench password',
  });
  const app = await admin(base, 'POST', '/v1/admin/apps', accessToken, {
    name: 'Bench files',
  });
  await admin(base, 'POST', `/v1/admin/apps/${app.appId}/users`, accessToken, {
    username: 'bench_files',
    password: LOGIN_PASSWORD,
  });
  const client = sdkClient(base, app);
  await client.login('bench_files', LOGIN_PASSWORD);
  const content = randomBytes(FILE_BENCH_BYTES);
  const form = new FormData();
  form.append('file', new Blob([content]), 'bench.bin');
  const uploaded = await fetch(`${base}/v1/admin/apps/${app.appId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  const { fileId } = (await uploaded.json()).data;
  const plainPath = path.join(work, 'file-bench.bin');
  writeFileSync(plainPath, content);
  const plain = await startPlainFileServer(plainPath);
  const database = new pg.Client({ connectionString: processes.databaseUrl });
  await database.connect();
  let uncached;
  try {
    // Started for this bench alone, not through the load runs before it.
    uncached = await processes.startAnother({ FILE_CACHE_BYTES: '0' });
    const uncachedClient = sdkClient(uncached.url, app);
    const link = async (via, fields) =>
      (
        await via.send({
          type: 'file',
          sessionToken: client.session.token,
          fileId,
          ...fields,
        })
      ).body.data.url;
    const clientPublicKey = Buffer.from(
      generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x,
      'base64url',
    ).toString('base64');
    const sources = {
      floor: async () => plain.url,
      latchkey: () => link(client, {}),
      e2e: () => link(client, { clientPublicKey }),
      store: () => link(uncachedClient, {}),
      storeE2e: () => link(uncachedClient, { clientPublicKey }),
    };
    // Ours is an API and the PostgreSQL backends of its database (the links are fetched before, apart);
    // the other API's backends sit idle meanwhile.
    const ourPids = (apiPid) => async () => [
      apiPid,
      ...(
        await database.query(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows.map((row) => row.pid),
    ];
    const pids = {
      floor: async () => [plain.pid],
      latchkey: ourPids(processes.pid),
      e2e: ourPids(processes.pid),
      store: ourPids(uncached.child.pid),
      storeE2e: ourPids(uncached.child.pid),
    };
    const names = Object.keys(sources);
    const runs = Object.fromEntries(names.map((name) => [name, []]));
    await interleavedRun(sources, pids, 0);
    for (let round = 0; round < rounds; round += 1) {
      const run = await interleavedRun(sources, pids, round);
      for (const name of names) runs[name].push(run[name]);
    }
    const middle = (list) => [...list].sort((a, b) => a.mbps - b.mbps)[Math.floor(list.length / 2)];
    return { ...Object.fromEntries(names.map((name) => [name, middle(runs[name])])), runs };
  } finally {
    plain.stop();
    await Promise.all([database.end(), uncached?.stop()]);
  }
}

/** The median of the runs' `field` (a CPU time per request, µs), apart from their req/s; '-' when not measured. */
function medianCpu(runs, field = 'cpuMicrosPerRequest') {
  const sorted = runs
    .map((run) => run[field])
    .filter((value) => value != null)
    .sort((a, b) => a - b);
  return sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : '-';
}

/**
 * The median of the rounds' own ratios of `runs` to `against` (the runs of one
 * round sit minutes apart at most, the rounds further): on a machine whose
 * speed drifts, the ratio of the two medians can pair a fast run with a slow
 * one, where each round's ratio compares runs made under the same conditions.
 */
function pairedRatio(runs, against) {
  const ratios = runs
    .map((run, round) => (against[round]?.rps ? run.rps / against[round].rps : null))
    .filter((ratio) => ratio !== null)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return 'n/a';
  const percent = (ratio) => Math.round(ratio * 100);
  const spread = ratios.length > 1 ? ` (${percent(ratios[0])}-${percent(ratios.at(-1))})` : '';
  return `${percent(ratios[Math.floor(ratios.length / 2)])}%${spread}`;
}

/** The run with the median req/s of several. */
function median(runs) {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

async function main() {
  prepareSharedScripts();
  const only = args.only ? args.only.split(',') : TYPES;
  // `file` is a download's throughput, not a request load: measured on its own below.
  const loadTypes = only.filter((type) => type !== 'file' && type !== 'init-sdk');
  const rounds = Number(args.rounds);
  log(
    `bench: ${args.connections} connections, ${args.seconds} s per run, median of ${rounds} alternating runs ` +
      'after a warm-up, load generator on the same cores',
  );

  // Both servers stay up for the whole run; runs alternate between them so
  // that drift in the machine's speed hits both alike.
  const withLoad = loadTypes.length > 0 || only.includes('init-sdk');
  const floor = withLoad ? await startFloor() : null;
  let ours;
  const results = {};
  try {
    ours = await startOurs(withLoad);
    for (const type of loadTypes) {
      const warmSeconds = '3';
      const hasFloor = FLOOR_TYPES.has(type);
      if (hasFloor) await load(floor.target, type, warmSeconds);
      await load(ours.target, type, warmSeconds);
      if (ours.withMetrics) await load(ours.withMetrics.target, type, warmSeconds);
      const floorRuns = [];
      const ourRuns = [];
      const metricsRuns = [];
      const turns = [
        async () =>
          floorRuns.push(
            hasFloor
              ? await loadMeasured(floor.target, type, { pid: floor.pid, database: FLOOR_DATABASE })
              : await bcryptAlone(Number(args.seconds)),
          ),
        async () =>
          ourRuns.push(await loadMeasured(ours.target, type, { pid: ours.processes.pid, database: DATABASE_NAME })),
      ];
      if (ours.withMetrics)
        turns.push(async () =>
          metricsRuns.push(
            await loadMeasured(ours.withMetrics.target, type, { pid: ours.withMetrics.pid, database: DATABASE_NAME }),
          ),
        );
      const nonceRuns = [];
      if (NONCE_TYPES.has(type)) {
        const withNonce = { ...ours.target, label: 'latchkey-nonce', kind: 'v1-nonce' };
        await load(withNonce, type, warmSeconds);
        turns.push(async () =>
          nonceRuns.push(await loadMeasured(withNonce, type, { pid: ours.processes.pid, database: DATABASE_NAME })),
        );
      }
      // The same call through KeyAuth's protocol, in turn with `/v1`'s runs: its rows are held against ours.
      const keyauthRuns = Object.fromEntries(KEYAUTH_VERSIONS.map((version) => [version, []]));
      if (KEYAUTH_TYPES.has(type) && ours.keyauth) {
        for (const version of KEYAUTH_VERSIONS) {
          const target = ours.keyauth[version];
          await prepareKeyAuthRun(target, type, Number(warmSeconds), inBatches);
          await load(target, type, warmSeconds);
          turns.push(async () => {
            await prepareKeyAuthRun(target, type, Number(args.seconds), inBatches);
            keyauthRuns[version].push(
              await loadMeasured(target, type, { pid: ours.processes.pid, database: DATABASE_NAME }),
            );
          });
        }
      }
      // The order rotates each round, so that no process always follows the same one.
      for (let round = 0; round < rounds; round += 1) {
        for (let turn = 0; turn < turns.length; turn += 1) await turns[(round + turn) % turns.length]();
      }
      results[type] = {
        latchkey: median(ourRuns),
        floor: median(floorRuns),
        runs: { latchkey: ourRuns, floor: floorRuns },
      };
      if (ours.withMetrics) {
        results[type].withMetrics = median(metricsRuns);
        results[type].runs.withMetrics = metricsRuns;
      }
      if (nonceRuns.length > 0) {
        results[type].withNonce = median(nonceRuns);
        results[type].runs.withNonce = nonceRuns;
      }
      for (const version of KEYAUTH_VERSIONS) {
        if (keyauthRuns[version].length === 0) continue;
        results[type][`keyauth${version}`] = median(keyauthRuns[version]);
        results[type].runs[`keyauth${version}`] = keyauthRuns[version];
      }
    }
    if (only.includes('file'))
      results.file = await benchFile(ours.target.url.replace(/\/v1$/, ''), rounds, ours.processes);
    // init through the SDK (nonce, signature, timestamp checked) against init without them; see bench-init.mjs.
    if (only.includes('init-sdk')) {
      const { appId, apiKey, publicKey } = ours.target;
      results['init-sdk'] = await benchInit(
        { url: ours.target.url.replace(/\/v1$/, ''), appId, apiKey, publicKey },
        {
          seconds: Number(args.seconds),
          connections: Number(args.connections),
          rounds,
        },
      );
    }
  } finally {
    floor?.stop();
    await ours?.stop();
    await catalog?.end();
    if (floor) await dropDatabase(FLOOR_DATABASE);
  }

  log('');
  const labelWidth = args.metrics ? 'license+metrics'.length : 'license/ka1.3'.length;
  log(
    `${'type'.padEnd(labelWidth)} latchkey req/s  p50  p99 | floor req/s  p50  p99 | ratio  non-2xx+errors (ours/floor)` +
      ' | API CPU us/req (ours/floor) | DB CPU us/req (ours/floor) | ratio per round (median, range)',
  );
  log(`(login's floor is bcrypt.compare alone at cost ${BCRYPT_COST}, ${args.connections} in flight)`);
  log("(API CPU: median over the runs of the API process's (the floor's) user + system time per answered request;");
  log(" DB CPU: the same of the PostgreSQL backends serving each one's database;");
  log(" ratio per round: the median and range of each round's own ratio, its runs made minutes apart at most)");
  for (const type of loadTypes) {
    const { latchkey, withMetrics, withNonce, floor: f, runs } = results[type];
    const rows = [[type, latchkey, runs.latchkey]];
    if (withMetrics) rows.push([`${type}+metrics`, withMetrics, runs.withMetrics]);
    if (withNonce) rows.push([`${type}+nonce`, withNonce, runs.withNonce]);
    for (const [label, o, ourRuns] of rows) {
      const ratio = f.rps ? `${Math.round((o.rps / f.rps) * 100)}%` : 'n/a';
      log(
        `${label.padEnd(labelWidth)} ${String(o.rps).padStart(14)} ${String(o.p50).padStart(4)} ${String(o.p99).padStart(4)} |` +
          ` ${String(f.rps).padStart(11)} ${String(f.p50 ?? '-').padStart(4)} ${String(f.p99 ?? '-').padStart(4)} |` +
          ` ${ratio.padStart(5)}  ${o.non2xx + o.errors}/${f.non2xx + f.errors} | ${medianCpu(ourRuns)}/${medianCpu(runs.floor)} |` +
          ` ${medianCpu(ourRuns, 'databaseCpuMicrosPerRequest')}/${medianCpu(runs.floor, 'databaseCpuMicrosPerRequest')}` +
          ` | ${pairedRatio(ourRuns, runs.floor)}`,
      );
    }
    for (const version of KEYAUTH_VERSIONS) {
      const k = results[type][`keyauth${version}`];
      if (!k) continue;
      const keyauthRuns = runs[`keyauth${version}`];
      // Held against our own `/v1` row of the same call, in the same run (and its `+nonce` row, where it has one).
      const againstNonce = withNonce
        ? ` | ${Math.round((k.rps / withNonce.rps) * 100)}% of +nonce, per round ${pairedRatio(keyauthRuns, runs.withNonce)}`
        : '';
      log(
        `${`${type}/ka${version}`.padEnd(labelWidth)} ${String(k.rps).padStart(14)} ${String(k.p50).padStart(4)} ${String(k.p99).padStart(4)} |` +
          ` ${'/v1 ' + String(latchkey.rps).padStart(7)}    -    - |` +
          ` ${`${Math.round((k.rps / latchkey.rps) * 100)}%`.padStart(5)}  ${k.non2xx + k.errors}/- | ${medianCpu(keyauthRuns)} |` +
          ` ${medianCpu(keyauthRuns, 'databaseCpuMicrosPerRequest')}/- | ${pairedRatio(keyauthRuns, runs.latchkey)}` +
          againstNonce,
      );
    }
  }
  log('(TYPE+nonce: the same /v1 call with a fresh nonce each time, as the SDKs send it, so every answer is signed)');
  log('(TYPE/kaV: the same call through the KeyAuth endpoint /api/V/, its ratio against our /v1 row above it');
  log(' and, for init and var, against the +nonce row: every KeyAuth answer has a nonce of its own, so is signed;');
  log(" license/kaV: each call on a session `init` has just opened, as a KeyAuth client's launch makes it)");
  const revalidated = Object.values(results).flatMap((result) =>
    KEYAUTH_VERSIONS.flatMap((version) => result.runs?.[`keyauth${version}`] ?? []).filter((run) => run.revalidated),
  );
  if (revalidated.length > 0) {
    log(`(warning: ${revalidated.length} KeyAuth license runs ran out of fresh sessions and re-validated old ones)`);
  }
  if (results.file) {
    const { latchkey: o, e2e, store, storeE2e, floor: f } = results.file;
    const cpu = (run) => `${run.serverCpuMsPerMiB}`;
    log(`(file CPU: ms per MiB downloaded, median run's; ours is the API + its PostgreSQL backends)`);
    log('(file-store: the same downloads from an API without the cache of recent contents: each reads PostgreSQL)');
    for (const [type, ours] of [
      ['file', o],
      ['file-e2e', e2e],
      ['file-store', store],
      ['file-e2e-store', storeE2e],
    ]) {
      log(
        `${type.padEnd(14)} ${String(ours.mbps).padStart(9)} MB/s (10 MiB download), CPU ${cpu(ours)} + ` +
          `${ours.databaseCpuMsPerMiB} | plain node:http + fs.createReadStream ${f.mbps} MB/s, CPU ${cpu(f)} | ` +
          `${Math.round((ours.mbps / f.mbps) * 100)}%`,
      );
    }
  }
  if (results['init-sdk']) {
    const { client: c, server: s } = results['init-sdk'];
    const pct = (ratio) => `${Math.round(ratio * 100)}%`;
    log(
      `init-sdk  service with a fresh nonce per request (signed every time) ${s.nonce} req/s vs ${s.plain} ` +
        `without (identical answers reuse their signature) (${pct(s.ratio)}); ` +
        `client through the SDK ${c.sdk} req/s vs raw ${c.raw} (${pct(c.ratio)}), ` +
        `client CPU ${c.sdkMicros} vs ${c.rawMicros} us per call`,
    );
  }
  log('');
  log(JSON.stringify(results));
  if (args.profile) {
    await printProfile(path.resolve(args.profile), ours.processes.pid, 'the API');
    if (ours.withMetrics) await printProfile(path.resolve(args.profile), ours.withMetrics.pid, 'the API with metrics');
  }
}

/** An API process writes its profile as it exits: summarise process `pid`'s newest one in `dir`, over one run's length. */
async function printProfile(dir, pid, label) {
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.`))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error(`no CPU profile of process ${pid} in ${dir}`);
  const { stdout } = await execFileAsync(process.execPath, [
    path.join(root, 'scripts/profile-summary.mjs'),
    newest,
    '--window',
    args.seconds,
  ]);
  log('');
  log(`CPU profile of ${label}: ${newest}`);
  log(stdout.trimEnd());
}

await main();
