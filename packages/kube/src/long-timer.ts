// SPDX-License-Identifier: Apache-2.0
/**
 * Timers of any length. Node's `setTimeout` holds at most 2^31-1 ms (about 24.8 days): a longer
 * delay, `Infinity` among them, fires after 1 ms (with a TimeoutOverflowWarning). A TrainJob's
 * `activeDeadlineSeconds` or a TTL can be years, so every delay computed from user input goes
 * through {@link setLongTimeout}, which waits in steps of at most {@link MAX_TIMER_MS}.
 */

/** The longest delay one Node timer holds: 2^31-1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A pending {@link setLongTimeout}. */
export interface LongTimer {
  /** Cancels the timer; the callback does not run. Idempotent. */
  clear(): void;
}

/** Options of {@link setLongTimeout}. */
export interface LongTimerOptions {
  /** Do not keep the process alive for this timer (Node's `unref`). */
  readonly unref?: boolean;
}

/** A delay that is not a number: the caller computed it from something that is not a time. */
export class InvalidDelayError extends RangeError {
  constructor(readonly delayMs: number) {
    super(`timer delay must be a number of milliseconds, got ${delayMs}`);
    this.name = 'InvalidDelayError';
  }
}

const never: LongTimer = { clear: () => undefined };

/**
 * Calls `callback` once after `ms` milliseconds, however large: `ms <= 0` waits one turn of the
 * event loop (as `setTimeout(fn, 0)`), `Infinity` never fires, NaN throws {@link InvalidDelayError}.
 */
export function setLongTimeout(callback: () => void, ms: number, options: LongTimerOptions = {}): LongTimer {
  if (Number.isNaN(ms)) throw new InvalidDelayError(ms);
  if (ms === Infinity) return never;
  let remaining = Math.max(0, ms);
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const step = Math.min(remaining, MAX_TIMER_MS);
    remaining -= step;
    timer = setTimeout(() => {
      if (remaining > 0) return arm();
      timer = undefined;
      callback();
    }, step);
    if (options.unref) timer.unref();
  };
  arm();
  return {
    clear: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      remaining = 0;
    },
  };
}

/**
 * Calls `callback` every `ms` milliseconds, however large (an administrator's check interval may
 * be days): each period is a {@link setLongTimeout}, re-armed after the callback. `ms` must be a
 * positive finite number; `clear()` stops it.
 */
export function setLongInterval(callback: () => void, ms: number, options: LongTimerOptions = {}): LongTimer {
  if (!(ms > 0) || !Number.isFinite(ms)) throw new InvalidDelayError(ms);
  let current: LongTimer | undefined;
  let cleared = false;
  const arm = (): void => {
    current = setLongTimeout(
      () => {
        if (cleared) return;
        arm();
        callback();
      },
      ms,
      options,
    );
  };
  arm();
  return {
    clear: () => {
      cleared = true;
      current?.clear();
    },
  };
}
