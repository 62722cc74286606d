// SPDX-License-Identifier: Apache-2.0
// The parsers of `kubetrain wait`'s flags, apart from the command so that parsing the command line
// loads nothing of the cluster code.

import { CliError, UsageError } from '../io.js';

/** The state of `--for`; anything else is a usage error. */
export function parseWaitFor(value: string): 'Complete' | 'Failed' {
  const state = value.replace(/^condition=/, '');
  if (state === 'Complete' || state === 'Failed') return state;
  throw new UsageError(`--for must be Complete or Failed, not "${value}"`);
}

/** Parses a duration: `90`, `90s`, `5m`, `1h` (kubectl's `--timeout`); returns milliseconds. */
export function parseDuration(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value);
  if (!m) throw new CliError(`invalid duration "${value}": use e.g. 30s, 5m, 1h`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's'] ?? 1000;
  return Number(m[1]) * unit;
}
