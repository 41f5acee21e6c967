/**
 * Entry of the API with API_PROCESSES > 1 (or `auto`, one per core): a small
 * primary forks that many workers, each running the ordinary HTTP bootstrap
 * (main.js) with its own PostgreSQL and Redis pools, all sharing PORT through
 * node:cluster. A worker that dies unexpectedly is replaced; SIGTERM/SIGINT
 * are passed on so each worker closes gracefully (common/shutdown.ts). With
 * METRICS_PORT, the primary answers scrapes for all of them.
 * With API_PROCESSES=1 it simply runs main.js in this process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from 'prom-client';
import { releaseClosedProcesses } from './common/cluster-release.js';
import { listenForScrapes } from './common/metrics.js';
import { apiProcessCount } from './common/start-up-summary.js';
import { loadConfig } from './config/config.js';
import { withApiV8Flags } from './node-flags.js';

const config = loadConfig();
const count = apiProcessCount(config, availableParallelism());
/** Replacing a worker that crashes at start in a tight loop helps no one: wait a little between restarts. */
const RESTART_DELAY_MS = 1000;

if (count === 1 || !cluster.isPrimary) {
  await import('./main.js');
} else {
  // Forked processes get the API's V8 flags even if this primary was started without them.
  cluster.setupPrimary({
    exec: new URL('./main.js', import.meta.url).pathname,
    execArgv: withApiV8Flags(process.execArgv),
  });
  releaseClosedProcesses();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  // Stop a process only once another is listening: a cluster with none listening refuses connections.
  cluster.on('listening', (worker) => process.stderr.write(`API process ${worker.process.pid} listening\n`));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`API process ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  // Each process collects its own metrics; a scrape here asks them all and sums (AggregatorRegistry).
  if (config.METRICS_PORT !== 0) {
    const aggregator = new AggregatorRegistry();
    const listener = await listenForScrapes(config.METRICS_PORT, config.HOST, () => aggregator.clusterMetrics());
    listener.unref();
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
}
