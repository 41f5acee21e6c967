#!/usr/bin/env node
// `pnpm bench:sdk`: what each SDK costs its client per verified call. One
// service (scripts/live-service.mjs) answers every SDK's cost program in turn,
// three rounds interleaved; each program makes N sequential `init` calls with
// a fresh nonce and checks every answer, then prints one JSON line
// ({ sdk, calls, cpuMicrosPerCall, wallMicrosPerCall }). Prints a markdown
// table of the medians. The client's CPU time is what each copy of a vendor's
// software pays; wall time includes the service's answer on the same cores.
//   node scripts/bench-sdk.mjs [--calls 2000] [--rounds 3] [--database latchkey_bench_sdk]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLiveService } from './live-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    database: { type: 'string', default: 'latchkey_bench_sdk' },
  },
});

/** Each SDK's cost program: a command, and the file that must exist for it to run (built by the test command). */
const PROGRAMS = [
  {
    sdk: 'typescript',
    needs: 'libs/sdk/dist/esm/index.js',
    command: [process.execPath, 'libs/sdk/scripts/call-cost.mjs'],
  },
  {
    sdk: 'python',
    needs: 'libs/sdk-python/src/latchkey/__init__.py',
    command: ['env', 'PYTHONPATH=libs/sdk-python/src', '/usr/bin/python3', 'libs/sdk-python/scripts/bench_init.py'],
  },
  // Built (RelWithDebInfo) by the test command's C SDK suite.
  { sdk: 'c', needs: 'libs/sdk-c/build/latchkey-bench', command: ['libs/sdk-c/build/latchkey-bench'] },
  // Built by the test command's C# suite (Mono), over the same liblatchkey.
  {
    sdk: 'csharp',
    needs: 'libs/sdk-csharp/build/latchkey-bench.exe',
    command: ['mono', 'libs/sdk-csharp/build/latchkey-bench.exe'],
  },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const service = await startLiveService(args.database);
const results = new Map();
try {
  const runnable = PROGRAMS.filter((p) => {
    if (existsSync(path.join(root, p.needs))) return true;
    process.stdout.write(`skipping ${p.sdk}: ${p.needs} is missing (run the test command once to build it)\n`);
    return false;
  });
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const program of runnable) {
      const run = spawnSync(program.command[0], [...program.command.slice(1), args.calls], {
        cwd: root,
        env: { ...process.env, ...service.env },
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${program.sdk}: exited ${run.status}\n${run.stderr}`);
      const line = JSON.parse(run.stdout.trim().split('\n').at(-1));
      process.stdout.write(`round ${round}: ${JSON.stringify(line)}\n`);
      results.set(program.sdk, [...(results.get(program.sdk) ?? []), line]);
    }
  }
} finally {
  await service.stop();
}

process.stdout.write(`\n| SDK | client CPU µs per verified call | wall µs per call |\n|---|---|---|\n`);
for (const [sdk, lines] of results) {
  const cpu = median(lines.map((l) => l.cpuMicrosPerCall));
  const wall = median(lines.map((l) => l.wallMicrosPerCall));
  process.stdout.write(`| ${sdk} | ${cpu} | ${wall} |\n`);
}
