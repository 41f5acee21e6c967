// Prints the API's dependency graph between its top-level parts (common/, config/,
// database/, each modules/<name>/, the entry points) from madge's file graph, and
// exits 1 when the parts depend on each other in a cycle. `pnpm graph`.
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

const fileCycles = result.circular();
print();
if (cycle) print(`Cycle between parts: ${cycle.join(' -> ')}`);
else print(`No cycle between the ${parts.length} parts.`);
if (fileCycles.length > 0) print(`File cycles: ${fileCycles.map((c) => c.join(' -> ')).join('; ')}`);
else print(`No cycle between the ${Object.keys(files).length} files (madge).`);
process.exit(cycle || fileCycles.length > 0 ? 1 : 0);
