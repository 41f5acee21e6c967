// Loaded into the API under test with `node --import` by scripts/soak.mjs:
// every SOAK_SAMPLE_MS, one JSON line on stderr with the process's RSS and
// event-loop delay. Nothing is exposed over HTTP; the API does not know it is there.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(
  () => {
    const sample = {
      soakSample: {
        pid: process.pid,
        rssMb: +(process.memoryUsage.rss() / 2 ** 20).toFixed(1),
        heapUsedMb: +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1),
        loopDelayP99Ms: +(histogram.percentile(99) / 1e6).toFixed(2),
        loopDelayMaxMs: +(histogram.max / 1e6).toFixed(2),
      },
    };
    histogram.reset();
    process.stderr.write(`${JSON.stringify(sample)}\n`);
  },
  Number(process.env.SOAK_SAMPLE_MS || 10_000),
).unref();
