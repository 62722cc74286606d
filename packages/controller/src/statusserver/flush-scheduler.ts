// SPDX-License-Identifier: Apache-2.0
// The coalescer's clock: one timer, armed at the coalescer's nextDueMs() after each report and after
// each flush, never two flushes at once.
import { setLongTimeout, sleep, type LongTimer, type Logger } from '../cluster/kube.js';
import type { FlushReport } from './write-coalescer.js';

/** What the scheduler drives (a `TrainerStatusCoalescer`). */
export interface Flushable {
  nextDueMs(): number | undefined;
  flush(): Promise<FlushReport>;
  /** Writes every pending report now (at shutdown). */
  drain(): Promise<FlushReport>;
}

/** Calls `flush()` when the coalescer has something due; `poke()` after each `offer()`. */
export class FlushScheduler {
  private timer: LongTimer | undefined;
  private armedFor: number | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly coalescer: Flushable,
    private readonly now: () => number,
    private readonly logger?: Logger,
    private readonly onFlushed?: (report: FlushReport) => void,
  ) {}

  /** A report was offered: make sure a flush is armed for the earliest due write. */
  poke(): void {
    if (this.running === undefined) this.arm();
  }

  /**
   * Cancels the timer, waits for a flush in progress, then writes what is still pending
   * (`drain`), for at most `drainMs`; what is not written by then is dropped.
   */
  async stop(drainMs = 0): Promise<void> {
    this.stopped = true;
    this.timer?.clear();
    this.timer = undefined;
    await this.running;
    if (drainMs <= 0) return;
    const deadline = new AbortController();
    const drained = this.coalescer.drain().then(
      (report) => this.onFlushed?.(report),
      (error: unknown) =>
        this.logger?.error('Trainer status drain failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    await Promise.race([drained, sleep(drainMs, deadline.signal)]);
    deadline.abort();
  }

  private arm(): void {
    if (this.stopped) return;
    const due = this.coalescer.nextDueMs();
    if (due === undefined || (this.armedFor !== undefined && this.armedFor <= due)) return;
    this.timer?.clear();
    this.armedFor = due;
    this.timer = setLongTimeout(() => {
      this.timer = undefined;
      this.armedFor = undefined;
      this.running = this.run().finally(() => {
        this.running = undefined;
        this.arm();
      });
    }, due - this.now());
  }

  private async run(): Promise<void> {
    try {
      const report = await this.coalescer.flush();
      this.onFlushed?.(report);
      if (report.failed > 0 || report.gone > 0 || report.rejected > 0 || report.superseded > 0)
        this.logger?.info('Trainer status writes', { ...report });
    } catch (error) {
      this.logger?.error('Trainer status flush failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
