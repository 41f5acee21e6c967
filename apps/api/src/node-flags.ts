/**
 * V8 flags every API process runs with, so that request objects die young and
 * full collections (a pause every request in flight waits out) stay rare. V8
 * reads them only from the command line (not NODE_OPTIONS, not at run time),
 * so each launcher passes them: scripts/run.mjs, scripts/test-service.mjs, the
 * Dockerfile's CMD, and cluster.ts for the processes it forks. Why each flag,
 * as measured: docs/decisions/performance.md, "V8 flags of the API process".
 */
export const API_V8_FLAGS: readonly string[] = ['--min-semi-space-size=16', '--no-allocation-site-pretenuring'];

/**
 * `execArgv` with every API_V8_FLAGS entry it lacks, for a process about to be
 * forked. A flag counts as present in any of V8's spellings: with or without
 * `no-`, with `_` for `-`, with any value.
 */
export function withApiV8Flags(execArgv: readonly string[]): string[] {
  const name = (flag: string) =>
    flag
      .split('=')[0]
      .replace(/^--(no-?)?/, '')
      .replaceAll('_', '-');
  const present = new Set(execArgv.map(name));
  return [...execArgv, ...API_V8_FLAGS.filter((flag) => !present.has(name(flag)))];
}
