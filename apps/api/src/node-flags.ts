/**
 * V8 flags every API process runs with. V8 reads them only from the command
 * line (not NODE_OPTIONS, not at run time), so each launcher passes them:
 * scripts/run.mjs, scripts/test-service.mjs, the Dockerfile's CMD, and
 * cluster.ts for the processes it forks. Measured with `pnpm bench` and a
 * GC trace of the API under `license` load (docs/decisions.md, "V8 flags of
 * the API process"):
 *
 * - `--min-semi-space-size=16`: after a quiet spell V8 shrinks the young
 *   generation to 1 MiB; when load returns, in-flight requests outlive the
 *   now frequent scavenges, are promoted, and full collections follow within
 *   seconds, each a pause every request in flight waits out. 16 MiB is the
 *   size V8 grows to under load anyway; the cost is that memory held while idle.
 * - `--no-allocation-site-pretenuring`: with promotions that high, V8 learns
 *   to allocate request objects (rows, dates, parameters) straight in the old
 *   generation and keeps doing so: 2 KB per `license` call went there, a full
 *   collection every few seconds. A request's objects die young; none of ours
 *   benefit from being born old.
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
