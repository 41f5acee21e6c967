#!/usr/bin/env node
// Where a V8 CPU profile's time went: self time per function and per package.
//   node scripts/profile-summary.mjs FILE.cpuprofile [--window SECONDS] [--top 25]
// --window keeps only the last SECONDS of load in the profile: one load run, not the
// set-up, the idle gaps between runs or the shutdown.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { window: { type: 'string' }, top: { type: 'string', default: '25' } },
});

/** Each sample's node id, start and duration (microseconds). */
function samplesOf(profile) {
  let at = profile.startTime;
  const stamps = profile.timeDeltas.map((delta) => (at += delta));
  return profile.samples.map((id, i) => ({
    id,
    at: stamps[i],
    micros: (stamps[i + 1] ?? profile.endTime) - stamps[i],
  }));
}

/**
 * The samples of the last `seconds`-long stretch of load (all of them without
 * `seconds`): it ends at the last second the process was busy more than half
 * the time, which is the end of the bench's last run against the API. Not the
 * busiest stretch: start-up and the bench's set-up (modules loading, keys
 * seeded) can be busier than the load itself.
 */
function lastLoadWindow(samples, seconds, isIdle) {
  if (!seconds || samples.length === 0) return samples;
  const busyBySecond = new Map();
  const first = samples[0].at;
  for (const { id, at, micros } of samples) {
    const second = Math.floor((at - first) / 1e6);
    if (!isIdle(id)) busyBySecond.set(second, (busyBySecond.get(second) ?? 0) + micros);
  }
  const loaded = [...busyBySecond].filter(([, micros]) => micros > 0.5e6).map(([second]) => second);
  if (loaded.length === 0) return samples;
  const end = first + (Math.max(...loaded) + 1) * 1e6;
  return samples.filter(({ at }) => at < end && at >= end - seconds * 1e6);
}

/** Self microseconds per node id. */
function selfTimes(samples) {
  const times = new Map();
  for (const { id, micros } of samples) times.set(id, (times.get(id) ?? 0) + micros);
  return times;
}

/** The package a frame belongs to: node_modules/<name>, our sources, node's own, or V8's pseudo-frames. */
function packageOf(url, functionName) {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const [scopeOrName, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
  }
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/libs/contracts/')) return 'latchkey contracts';
  if (url.includes('/apps/api/')) return 'latchkey api';
  return url;
}

function table(title, totals, whole, top) {
  process.stdout.write(`\n${title}\n`);
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, micros] of rows) {
    process.stdout.write(`${((micros / whole) * 100).toFixed(1).padStart(5)}%  ${name}\n`);
  }
}

const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const isIdle = (id) => nodes.get(id).callFrame.functionName === '(idle)';
const times = selfTimes(lastLoadWindow(samplesOf(profile), Number(args.window) || 0, isIdle));
let whole = 0;
for (const micros of times.values()) whole += micros;
const idle = [...times].filter(([id]) => isIdle(id));
const idleMicros = idle.reduce((sum, [, micros]) => sum + micros, 0);

const byFunction = new Map();
const byPackage = new Map();
for (const [id, micros] of times) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)') continue;
  const file = url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/api\//, '')}:${lineNumber + 1}` : '';
  const name = `${functionName || '(anonymous)'} ${file}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const pkg = packageOf(url, functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
}
const busy = whole - idleMicros;
process.stdout.write(
  `${(whole / 1e6).toFixed(1)} s profiled, ${((busy / whole) * 100).toFixed(0)}% busy; shares below are of busy time\n`,
);
table('self time by package', byPackage, busy, Number(args.top));
table('self time by function', byFunction, busy, Number(args.top));
