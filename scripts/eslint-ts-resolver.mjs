// Resolves the API's relative imports for the boundary lint: TypeScript sources
// import each other as `./file.js` (NodeNext), which exist on disk as `./file.ts`.
// eslint-module-utils loads it with require() (Node's require of an ES module).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const interfaceVersion = 2;

export function resolve(source, file) {
  if (!source.startsWith('.')) return { found: true, path: null }; // a package: not an element of ours
  const target = path.resolve(path.dirname(file), source);
  for (const candidate of [target, target.replace(/\.js$/, '.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return { found: true, path: candidate };
  }
  return { found: false };
}
