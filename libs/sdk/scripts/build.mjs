#!/usr/bin/env node
// Builds the package twice from the same sources: ESM into dist/esm and
// CommonJS into dist/cjs, each with its declarations. tsc picks a file's module
// format from the nearest package.json, so the CommonJS build compiles a copy
// of src/ placed under a `"type": "commonjs"` package.json; there `import()`
// of the ESM-only `jose` stays a real dynamic import.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(path.join(sdk, 'package.json')).resolve('typescript/bin/tsc');
const run = (project) => execFileSync(process.execPath, [tsc, '-p', project], { cwd: sdk, stdio: 'inherit' });

execFileSync(process.execPath, [path.join(sdk, 'scripts/sync-contract.mjs')], { stdio: 'inherit' });
rmSync(path.join(sdk, 'dist'), { recursive: true, force: true });

run('tsconfig.json');
writeFileSync(path.join(sdk, 'dist/esm/package.json'), '{ "type": "module" }\n');

const cjsSource = path.join(sdk, 'build/cjs-src');
rmSync(cjsSource, { recursive: true, force: true });
cpSync(path.join(sdk, 'src'), cjsSource, { recursive: true });
writeFileSync(path.join(sdk, 'build/package.json'), '{ "type": "commonjs" }\n');
try {
  run('tsconfig.cjs.json');
} finally {
  rmSync(path.join(sdk, 'build'), { recursive: true, force: true });
}
mkdirSync(path.join(sdk, 'dist/cjs'), { recursive: true });
writeFileSync(path.join(sdk, 'dist/cjs/package.json'), '{ "type": "commonjs" }\n');
