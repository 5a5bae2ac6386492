import type { Logger } from '@nestjs/common';

/**
 * A run repeated in the background: the first `firstRunMs` after `start()`, then `everyMs` after
 * each run ends (runs never overlap). A failed run is logged and the next one still comes; `stop()`
 * cancels the next run and waits for the current one. The timer does not keep the process alive.
 */
export class PeriodicRun {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private current: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly timing: { firstRunMs: number; everyMs: number },
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  start(): void {
    this.schedule(this.timing.firstRunMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.current = this.run()
        .catch((error: unknown) => this.logger.error({ err: error }, this.failure))
        .then(() => {
          if (!this.stopped) this.schedule(this.timing.everyMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
