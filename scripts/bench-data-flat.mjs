#!/usr/bin/env node
// Is each admin read flat as an app grows? Runs the admin reads of `pnpm bench:data`
// (scripts/bench-data.mjs --reuse --reads-only) against a small and a large seeded
// database in turn, `--rounds` times each, interleaved (small, large, small, ...),
// and prints the median p50 and p95 of each call at each size and their ratio
// (issue 25: the same call within 2x from 10k to 1M). Seed both first, once:
//   node scripts/bench-data.mjs --keep --reads-only --database latchkey_bench_data_10k \
//     --keys 10000 --users 1000 --audit 10000
//   node scripts/bench-data.mjs --keep --reads-only --database latchkey_bench_data
// then: node scripts/bench-data-flat.mjs [--small latchkey_bench_data_10k] [--large latchkey_bench_data] [--rounds 3]
// LATCHKEY_API_DIST picks the API build as for bench-data.mjs (test-service.mjs).
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    small: { type: 'string', default: 'latchkey_bench_data_10k' },
    large: { type: 'string', default: 'latchkey_bench_data' },
    rounds: { type: 'string', default: '3' },
  },
});
const ROUNDS = Number(args.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a positive integer');
const benchData = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-data.mjs');

/** One run of the reads against `database`: each call's p50 and p95 in ms, by name. */
function readsOf(database) {
  const output = execFileSync(
    process.execPath,
    [benchData, '--reuse', '--keep', '--reads-only', '--database', database],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const reads = new Map();
  for (const [, name, p50, p95] of output.matchAll(/^\| ([^|]+?) \| ([\d.]+) ms \| ([\d.]+) ms \|/gm)) {
    reads.set(name, { p50: Number(p50), p95: Number(p95) });
  }
  return reads;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

const runs = { small: [], large: [] };
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const size of ['small', 'large']) {
    runs[size].push(readsOf(args[size]));
    process.stderr.write(`round ${round}/${ROUNDS} ${size} done (load average ${loadavg()[0].toFixed(2)})\n`);
  }
}

const at = (size, name, figure) => median(runs[size].map((reads) => reads.get(name)[figure]));
const ratio = (name, figure) => (at('large', name, figure) / at('small', name, figure)).toFixed(2);
process.stdout.write(
  `\nmedian of ${ROUNDS} runs each, interleaved; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n\n` +
    `| admin call | ${args.small} p50 / p95 | ${args.large} p50 / p95 | ratio p50 | ratio p95 |\n|---|---|---|---|---|\n`,
);
for (const name of runs.large[0].keys()) {
  const cell = (size) => `${at(size, name, 'p50').toFixed(1)} / ${at(size, name, 'p95').toFixed(1)} ms`;
  process.stdout.write(
    `| ${name} | ${cell('small')} | ${cell('large')} | ${ratio(name, 'p50')} | ${ratio(name, 'p95')} |\n`,
  );
}
