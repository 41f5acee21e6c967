#!/usr/bin/env node
// `pnpm bench:ab`: a change's cost told from a noisy machine's drift. Two API
// processes on one database, one from this build and one from another build
// (`--base`, an `apps/api/dist` of the commit to compare with, built against
// the same dependencies), loaded in turn with the same KeyAuth calls, the order
// swapping each round; prints each side's median req/s and API CPU per call.
// Without `--base` both sides run this build: the harness's own spread.
//   node scripts/bench-ab.mjs [--base DIR] [--types init,var,license] [--versions 1.3,1.2] [--rounds 6] [--seconds 4]
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { admin, benchOwnerApp, generateKeys, inBatches } from './admin-call.mjs';
import { prepareKeyAuthRun, setUpKeyAuth } from './bench-keyauth.mjs';
import { cpuMs, dropDatabase, freshDatabase, startApi, testEnv } from './test-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runFile = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    types: { type: 'string', default: 'init,var' },
    versions: { type: 'string', default: '1.3,1.2' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '32' },
  },
});
const DATABASE = process.env.BENCH_DATABASE_NAME || 'latchkey_bench_ab';
/** Where the base build is copied: beside `dist`, so that it resolves the workspace's node_modules. */
const BASE_DIST = path.join(root, 'apps/api/dist-ab-base');

/** The base's HTTP entry, relative to `dist`: a build from before the API was bundled has only main.js. */
function baseEntry() {
  const bundled = existsSync(path.join(BASE_DIST, 'bundle/main.js'));
  return path.join('..', path.basename(BASE_DIST), bundled ? 'bundle/main.js' : 'main.js');
}

/** One KeyAuth load run (scripts/keyauth-load.mjs) of `seconds` against `target`. */
async function load(target, type, seconds) {
  const work = path.join(root, '.bench-cache');
  mkdirSync(work, { recursive: true });
  const file = path.join(work, `ab-${target.side}.json`);
  writeFileSync(file, JSON.stringify(target));
  const driver = path.join(root, 'scripts/keyauth-load.mjs');
  const { stdout } = await runFile(process.execPath, [driver, file, type, args.connections, seconds]);
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** The app, its KeyAuth settings, keys and validated sessions, made through a process that is then stopped. */
async function setUp(env) {
  const api = await startApi(env);
  try {
    const { accessToken, app } = await benchOwnerApp(api.url, 'bench-ab@example.com', 'Bench');
    await admin(api.url, 'POST', `/v1/admin/apps/${app.appId}/variables`, accessToken, { key: 'motd', value: 'hello' });
    const generate = (count) => generateKeys(api.url, accessToken, app.appId, count);
    const targets = await setUpKeyAuth(api.url, accessToken, app, { generate, inBatches });
    return { targets, setUpUrl: api.url };
  } finally {
    // Neither measured process is the one that made the data: each starts as fresh as the other.
    await api.stop();
  }
}

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (args.base) {
    rmSync(BASE_DIST, { recursive: true, force: true });
    cpSync(path.resolve(args.base), BASE_DIST, { recursive: true });
  }
  const env = testEnv(await freshDatabase(DATABASE), { NODE_ENV: 'production', LOG_LEVEL: 'info', BCRYPT_COST: '4' });
  const { targets, setUpUrl } = await setUp(env);
  const sides = {
    base: await startApi(env, args.base ? { entry: baseEntry() } : {}),
    new: await startApi(env),
  };
  process.stdout.write(
    `bench:ab: ${args.base ? `base ${args.base}` : 'this build on both sides'} against this build, ` +
      `${args.rounds} rounds of ${args.seconds} s, ${args.connections} connections, the order swapping each round\n`,
  );
  try {
    for (const type of args.types.split(',')) {
      for (const version of args.versions.split(',')) {
        const runs = { base: [], new: [] };
        const targetOf = (side) => ({
          ...targets[version],
          side,
          url: targets[version].url.replace(setUpUrl, sides[side].url),
        });
        for (const side of Object.keys(sides)) {
          const warmUp = targetOf(side);
          await prepareKeyAuthRun(warmUp, type, 3, inBatches);
          await load(warmUp, type, '3');
        }
        for (let round = 0; round < Number(args.rounds); round += 1) {
          for (const side of round % 2 === 0 ? ['base', 'new'] : ['new', 'base']) {
            const target = targetOf(side);
            await prepareKeyAuthRun(target, type, Number(args.seconds), inBatches);
            const before = cpuMs(sides[side].child.pid);
            const run = await load(target, type, args.seconds);
            const answered = run.ok2xx + run.non2xx;
            runs[side].push({
              rps: run.rps,
              cpu: Math.round(((cpuMs(sides[side].child.pid) - before) * 1000) / answered),
            });
          }
        }
        const summary = (side) =>
          `${side} ${median(runs[side].map((r) => r.rps))} req/s, ${median(runs[side].map((r) => r.cpu))} µs ` +
          `(${runs[side].map((r) => `${r.rps}/${r.cpu}`).join(' ')})`;
        process.stdout.write(`${type}/ka${version}  ${summary('base')}  |  ${summary('new')}\n`);
      }
    }
  } finally {
    await Promise.all(Object.values(sides).map((side) => side.stop()));
    await dropDatabase(DATABASE);
    rmSync(BASE_DIST, { recursive: true, force: true });
  }
}

await main();
