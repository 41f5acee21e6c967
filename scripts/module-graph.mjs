// Prints the API's dependency graph between its top-level parts (common/, config/,
// database/, each modules/<name>/, the entry points) from madge's file graph, and
// exits 1 when the parts depend on each other in a cycle, or when files of the
// API, the dashboard or the contracts import each other in a circle. `pnpm graph`.
// `pnpm graph --markdown` prints the same graph as a markdown section, the parts
// by floor (docs/architecture.md holds it; paste it again there after a change).
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

const markdown = process.argv.includes('--markdown');
const print = (line = '') => process.stdout.write(`${line}\n`);
const parts = [...new Set([...edges.keys(), ...Object.keys(files).map(partOf)])].sort();
if (!markdown) {
  for (const part of parts) {
    const targets = [...(edges.get(part) ?? [])].sort();
    print(`${part.padEnd(20)} -> ${targets.join(', ') || '(nothing)'}`);
  }
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
  return { name, cycles: graph.circular().filter((c) => !c.some((file) => file.startsWith('..'))), files: graph.obj() };
}

// The API's own files only: its graph also follows imports into the workspace's built packages (`../..`).
const apiCycles = result.circular().filter((c) => !c.some((file) => file.startsWith('..')));
const packages = [
  { name: 'api', cycles: apiCycles, files },
  await fileCyclesOf('dashboard', 'apps/dashboard/src', ['ts', 'tsx']),
  await fileCyclesOf('contracts', 'libs/contracts/src', ['ts']),
];
const summary = [
  cycle ? `Cycle between parts: ${cycle.join(' -> ')}` : `No cycle between the ${parts.length} parts.`,
  ...packages.map(({ name, cycles, files: packageFiles }) =>
    cycles.length > 0
      ? `File cycles in ${name}: ${cycles.map((c) => c.join(' -> ')).join('; ')}`
      : `No cycle between the ${Object.keys(packageFiles).length} files of ${name} (madge).`,
  ),
];
if (markdown) printMarkdown();
else {
  print();
  for (const line of summary) print(line);
}
process.exit(cycle || packages.some((p) => p.cycles.length > 0) ? 1 : 0);

/**
 * A part's floor: 0 for a part that imports no other part, else one above the
 * highest floor it imports, so every import runs down. Null inside a cycle.
 */
function floors() {
  const floor = new Map();
  const resolving = new Set();
  const floorOf = (part) => {
    if (floor.has(part)) return floor.get(part);
    if (resolving.has(part)) return null;
    resolving.add(part);
    let highest = -1;
    for (const next of edges.get(part) ?? []) {
      const below = floorOf(next);
      if (below === null) return null;
      highest = Math.max(highest, below);
    }
    resolving.delete(part);
    floor.set(part, highest + 1);
    return highest + 1;
  };
  return new Map(parts.map((part) => [part, floorOf(part)]));
}

/** The graph as a markdown section: a table of the parts by floor, highest first, then the cycle check. */
function printMarkdown() {
  const floorOf = floors();
  const others = (part) => parts.filter((other) => other !== part);
  const name = (part) => `\`${part.replace(/^modules\//, '')}\``;
  const rows = [...parts]
    .sort((a, b) => (floorOf.get(b) ?? -1) - (floorOf.get(a) ?? -1) || a.localeCompare(b))
    .map((part) => {
      const targets = [...(edges.get(part) ?? [])].sort();
      const imports =
        targets.length > 1 && targets.length === others(part).length
          ? 'every other part'
          : targets.map(name).join(', ') || '(nothing)';
      return [String(floorOf.get(part) ?? 'cycle'), name(part), imports];
    });
  const header = ['floor', 'part', 'imports'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  print('## Module map by floor');
  print();
  print(
    'This section is the output of `pnpm graph --markdown` (`scripts/module-graph.mjs`), not drawn by hand: ' +
      'after a change, run it and paste its output over the section.',
  );
  print();
  print(
    'The API (`apps/api/src`) in parts: `common/`, `config/`, `database/`, each module under `modules/` ' +
      '(written by its name alone) and `entry`, the top-level files (`main.ts`, `worker.ts`, `cluster.ts`, ' +
      'the two root modules). A part imports only parts on lower floors; floor 0 imports none. `pnpm lint` ' +
      'holds each module to the dependencies `eslint.config.mjs` lists for it.',
  );
  print();
  print(line(header));
  print(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of rows) print(line(row));
  print();
  for (const text of summary) print(`- ${text}`);
}
