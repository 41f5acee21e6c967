// Loaded into the API under test with `node --import` by scripts/soak.mjs:
// every SOAK_SAMPLE_MS, one JSON line on stderr with the process's RSS, the
// memory it retains after a full collection, and its event-loop delay. Nothing
// is exposed over HTTP; the API does not know it is there.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(
  () => {
    // A full collection first (the API runs with --expose-gc under the soak): what is left is what
    // the process holds on to, so its trend shows a leak without the sawtooth of garbage not yet collected.
    globalThis.gc?.();
    const { heapUsed, external } = process.memoryUsage();
    const sample = {
      soakSample: {
        pid: process.pid,
        rssMb: +(process.memoryUsage.rss() / 2 ** 20).toFixed(1),
        heapUsedMb: +(heapUsed / 2 ** 20).toFixed(1),
        retainedMb: +((heapUsed + external) / 2 ** 20).toFixed(1),
        loopDelayP99Ms: +(histogram.percentile(99) / 1e6).toFixed(2),
        loopDelayMaxMs: +(histogram.max / 1e6).toFixed(2),
      },
    };
    histogram.reset();
    process.stderr.write(`${JSON.stringify(sample)}\n`);
  },
  Number(process.env.SOAK_SAMPLE_MS || 10_000),
).unref();
