import type { INestApplicationContext } from '@nestjs/common';

/**
 * How long each kind of process may take to close after SIGTERM before it
 * exits anyway. The API stops accepting at once and answers what it has
 * accepted (main.ts, `return503OnClosing: false`); the worker lets its jobs in
 * flight finish (a webhook attempt is bounded by WEBHOOK_DELIVERY_TIMEOUT_MS).
 * Both bounds sit inside the Kubernetes grace periods of deploy/kubernetes
 * (API 40 s less its 5 s preStop, worker 60 s), so the process ends on its own
 * before a SIGKILL; a job still running at the bound is handed to another
 * worker by BullMQ once its lock expires, as after a crash.
 */
export const SHUTDOWN_BOUND_MS = { api: 30_000, worker: 50_000 } as const;

/**
 * Graceful stop on SIGTERM and SIGINT: close the app (HTTP server, queues,
 * pools), then exit. Nest's own shutdown hooks re-send the signal to the
 * process instead of exiting, which skips the exit handlers, so the logger's
 * buffered last lines (often the error that came just before the stop) were
 * never written. `process.exit` runs those handlers.
 */
export function closeOnSignals(
  app: INestApplicationContext,
  boundMs: number,
  steps: {
    /** What must be done before the app's modules close (the API: stop taking requests, answer those taken). */
    first?: () => Promise<void>;
    /** What must be done after the app closed and before the process exits. */
    beforeExit?: () => Promise<void>;
  } = {},
): void {
  const { first = () => Promise.resolve(), beforeExit = () => Promise.resolve() } = steps;
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      const bound = setTimeout(() => {
        process.stderr.write(`still closing ${boundMs} ms after ${signal}: exiting with work in flight\n`);
        process.exit(1);
      }, boundMs);
      bound.unref();
      void first()
        .catch(() => undefined)
        .then(() => app.close())
        .catch(() => undefined)
        .then(beforeExit)
        .finally(() => process.exit(0));
    });
  }
}
