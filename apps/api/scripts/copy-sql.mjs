// Part of the API's build: copies the versioned SQL files
// (src/modules/<module>/sql/*.sql) to the same place under the output folder
// (default dist, or the first argument), where the compiled migrations read them.
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(apiRoot, process.argv[2] ?? 'dist');
const modules = path.join(apiRoot, 'src/modules');

for (const entry of readdirSync(modules, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const sqlDir = path.join(modules, entry.name, 'sql');
  if (readdirSync(path.join(modules, entry.name)).includes('sql')) {
    cpSync(sqlDir, path.join(outDir, 'modules', entry.name, 'sql'), { recursive: true });
  }
}
