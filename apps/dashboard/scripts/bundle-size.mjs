#!/usr/bin/env node
// What the first page of the dashboard costs over the wire: the gzip size of
// the JS and CSS a browser loads for `/apps` (the page a signed-in owner lands
// on): the entry, its static imports, and the lazy page chunk with its imports.
// Every other page is a separate chunk loaded when it is opened.
//   node scripts/bundle-size.mjs [outDir=dist] [page=src/app/routes/apps/page.tsx]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = path.resolve(process.argv[2] ?? 'dist');
const page = process.argv[3] ?? 'src/app/routes/apps/page.tsx';
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry);
const shell = new Set(files);
if (!manifest[page]) throw new Error(`${page} is not a chunk of this build`);
collect(page);

function gzipped(file) {
  return gzipSync(readFileSync(path.join(outDir, file))).length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

let shellTotal = 0;
let total = 0;
for (const file of files) {
  const size = gzipped(file);
  total += size;
  if (shell.has(file)) shellTotal += size;
  process.stdout.write(`${kb(size).padStart(9)}  ${file}${shell.has(file) ? '' : '  (page)'}\n`);
}
process.stdout.write(`\nshell (entry + static imports): ${kb(shellTotal)} gzip\n`);
process.stdout.write(`initial route ${page}: ${kb(total)} gzip (JS + CSS)\n`);
