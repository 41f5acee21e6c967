// Prints the API's dependency graph between its top-level parts (common/, config/,
// database/, each modules/<name>/, the entry points) from madge's file graph, and
// exits 1 when the parts depend on each other in a cycle, or when files of the
// API, the dashboard or the contracts import each other in a circle. `pnpm graph`.
import madge from 'madge';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/api/src');

/** The part a file belongs to: `modules/<name>`, `common`, `config`, `database`, or `entry` for the top-level files. */
function partOf(file) {
  const [first, second] = file.split('/');
  if (first === 'modules') return `modules/${second}`;
  return file.includes('/') ? first : 'entry';
}

const result = await madge(src, {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'apps/api/tsconfig.json'),
  excludeRegExp: [/\.spec\.ts$/],
});
// Keys outside src (`../..`) are workspace packages madge followed: not parts of the API.
const files = Object.fromEntries(Object.entries(result.obj()).filter(([file]) => !file.startsWith('..')));
const edges = new Map();
for (const [file, imports] of Object.entries(files)) {
  const from = partOf(file);
  for (const imported of imports) {
    if (imported.startsWith('..')) continue; // outside src: a package of the workspace
    const to = partOf(imported);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

const print = (line = '') => process.stdout.write(`${line}\n`);
const parts = [...new Set([...edges.keys(), ...Object.keys(files).map(partOf)])].sort();
for (const part of parts) {
  const targets = [...(edges.get(part) ?? [])].sort();
  print(`${part.padEnd(20)} -> ${targets.join(', ') || '(nothing)'}`);
}

// Depth-first search for a cycle between parts.
const state = new Map();
const stack = [];
let cycle = null;
function visit(part) {
  state.set(part, 'open');
  stack.push(part);
  for (const next of edges.get(part) ?? []) {
    if (cycle) return;
    if (state.get(next) === 'open') cycle = [...stack.slice(stack.indexOf(next)), next];
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(part, 'done');
}
for (const part of parts) if (!state.has(part) && !cycle) visit(part);

/** File cycles of one package's sources (type-only imports count: they tie the files together all the same). */
async function fileCyclesOf(name, dir, extensions) {
  const graph = await madge(path.join(root, dir), {
    fileExtensions: extensions,
    tsConfig: path.join(root, dir, '../tsconfig.json'),
    excludeRegExp: [/\.spec\.tsx?$/],
  });
  // Paths outside the package (`../..`) are other workspace packages, checked on their own.
  const cycles = graph.circular().filter((c) => !c.some((file) => file.startsWith('..')));
  return { name, cycles, files: Object.keys(graph.obj()).length };
}

const packages = [
  { name: 'api', cycles: result.circular(), files: Object.keys(files).length },
  await fileCyclesOf('dashboard', 'apps/dashboard/src', ['ts', 'tsx']),
  await fileCyclesOf('contracts', 'libs/contracts/src', ['ts']),
];
print();
if (cycle) print(`Cycle between parts: ${cycle.join(' -> ')}`);
else print(`No cycle between the ${parts.length} parts.`);
for (const { name, cycles, files: count } of packages) {
  if (cycles.length > 0) print(`File cycles in ${name}: ${cycles.map((c) => c.join(' -> ')).join('; ')}`);
  else print(`No cycle between the ${count} files of ${name} (madge).`);
}
process.exit(cycle || packages.some((p) => p.cycles.length > 0) ? 1 : 0);
