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

/** A signal that aborts after a delay of any length: {@link timeoutSignal}. */
export interface TimeoutSignal {
  readonly signal: AbortSignal;
  /** Cancels the timer (the signal then never aborts). Idempotent. */
  clear(): void;
}

/**
 * `AbortSignal.timeout(ms)` for any `ms`: Node's throws on a fraction or above 2^32-1 ms and fires
 * after 1 ms above 2^31-1 ms. The signal aborts with the same `TimeoutError` DOMException; the
 * timer does not keep the process alive. Call `clear()` when done, so the timer does not outlive
 * its use.
 */
export function timeoutSignal(ms: number): TimeoutSignal {
  const controller = new AbortController();
  const timer = setLongTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
    { unref: true },
  );
  return { signal: controller.signal, clear: () => timer.clear() };
}
