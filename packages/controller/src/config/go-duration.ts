// SPDX-License-Identifier: Apache-2.0
// Go's duration syntax (`time.ParseDuration`), as metav1.Duration fields of the Configuration use it.

const UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A string that is not a Go duration; the message is Go's (`time: invalid duration "x"`). */
export class DurationError extends Error {
  constructor(text: string) {
    super(`time: invalid duration ${JSON.stringify(text)}`);
    this.name = 'DurationError';
  }
}

/**
 * Parses a Go duration (`1h30m`, `2s`, `500ms`, `-1.5h`, `0`) into milliseconds. Throws
 * {@link DurationError} on anything else.
 */
export function parseGoDuration(text: string): number {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new DurationError(text);
  let total = 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  while (rest !== '') {
    const m = part.exec(rest);
    if (m === null) throw new DurationError(text);
    total += Number(m[1]) * (UNITS_MS[m[2] as string] as number);
    rest = rest.slice(m[0].length);
  }
  return sign * total;
}
