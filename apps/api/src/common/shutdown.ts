import type { INestApplicationContext } from '@nestjs/common';

/**
 * Graceful stop on SIGTERM and SIGINT: close the app (HTTP server, queues,
 * pools), then exit. Nest's own shutdown hooks re-send the signal to the
 * process instead of exiting, which skips the exit handlers, so the logger's
 * buffered last lines (often the error that came just before the stop) were
 * never written. `process.exit` runs those handlers.
 */
export function closeOnSignals(app: INestApplicationContext): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void app
        .close()
        .catch(() => undefined)
        .finally(() => process.exit(0));
    });
  }
}
