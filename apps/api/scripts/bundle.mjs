// Part of the API's build: bundles the compiled entries (main.js, worker.js,
// cluster.js, from tsc) and the packages they load into <output>/bundle/, which
// is what the service runs. Node spends about half of a process's start
// resolving, reading and compiling some 1,700 separate files; one bundle skips
// most of that (docs/decisions/foundation-and-structure.md, "Bundled entries").
// The output folder is dist, or the first argument, as for copy-sql.mjs.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(apiRoot, process.argv[2] ?? 'dist');

/**
 * Loaded at run time from their own folders, so they stay outside the bundle and
 * are direct dependencies: native addons, and swagger-ui-dist, whose files the
 * OpenAPI page serves (@nestjs/swagger requires it by a computed name).
 */
const EXTERNAL = [/^bcrypt$/, /^sodium-native$/, /^pg-native$/, /^swagger-ui-dist(\/|$)/];
/** Optional peers Nest and TypeORM try to load and do without: not installed, left as run-time imports. */
const OPTIONAL_PEERS = new Set([
  '@nestjs/microservices',
  '@nestjs/microservices/microservices-module.js',
  '@nestjs/websockets/socket-module.js',
  '@nestjs/platform-express',
  '@fastify/view',
]);

const bundle = await rolldown({
  input: Object.fromEntries(['main', 'worker', 'cluster'].map((name) => [name, path.join(outDir, `${name}.js`)])),
  platform: 'node',
  external: EXTERNAL,
  onLog(level, log) {
    const unresolved =
      log.code === 'UNRESOLVED_IMPORT' ? /Could not resolve '([^']+)'/.exec(log.message)?.[1] : undefined;
    if (unresolved && OPTIONAL_PEERS.has(unresolved)) return;
    // Packages' own eval and circular imports: they run the same bundled as unbundled.
    if (log.code === 'EVAL' || log.code === 'CIRCULAR_DEPENDENCY') return;
    throw new Error(`bundling the API: ${log.message}`);
  },
});
// Chunks are named by content hash: a rebuild would leave the last build's beside the new ones.
rmSync(path.join(outDir, 'bundle'), { recursive: true, force: true });
// keepNames: Nest, class-validator and the OpenAPI document name things after classes, and a bundler renames
// a class whose name another module also uses.
await bundle.write({ dir: path.join(outDir, 'bundle'), format: 'esm', keepNames: true, sourcemap: true });
await bundle.close();
