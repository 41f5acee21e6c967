#!/usr/bin/env node
// Where a V8 CPU profile's time went: self time per function and per package.
//   node scripts/profile-summary.mjs FILE.cpuprofile [--last SECONDS] [--top 25]
// --last keeps only the profile's final SECONDS (the load, not the set-up before it).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' }, top: { type: 'string', default: '25' } },
});

/** Self microseconds per node id, over the samples inside the window. */
function selfTimes(profile, lastSeconds) {
  const times = new Map();
  let at = profile.startTime;
  const stamps = profile.timeDeltas.map((delta) => (at += delta));
  const from = lastSeconds ? profile.endTime - lastSeconds * 1e6 : -Infinity;
  for (let i = 0; i < profile.samples.length; i += 1) {
    if (stamps[i] < from) continue;
    const delta = (stamps[i + 1] ?? profile.endTime) - stamps[i];
    times.set(profile.samples[i], (times.get(profile.samples[i]) ?? 0) + delta);
  }
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
const times = selfTimes(profile, args.last ? Number(args.last) : undefined);
let whole = 0;
for (const micros of times.values()) whole += micros;
const idle = [...times].filter(([id]) => nodes.get(id).callFrame.functionName === '(idle)');
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
