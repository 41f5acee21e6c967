import type { Logger } from '@nestjs/common';

/**
 * Housekeeping that runs at start and then every `intervalMs` (audit
 * retention, the portal's sweep): a slow run is never overlapped by the next,
 * a failed one is logged and tried again at the next tick, and `stop` waits
 * for the run in progress.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.running = this.run();
    this.timer = setInterval(() => {
      this.running ??= this.run();
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      await this.task();
    } catch (err) {
      this.logger.error(`${this.what} failed: ${(err as Error).message}`);
    } finally {
      this.running = undefined;
    }
  }
}
