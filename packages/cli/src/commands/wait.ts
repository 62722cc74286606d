// SPDX-License-Identifier: Apache-2.0
// `kubetrain wait NAME --for=Complete|Failed --timeout=DURATION`.

import type { Session } from '../cluster/connect.js';
import { waitForTrainJobs } from '../cluster/wait-for.js';
import { CliError, UsageError } from '../io.js';
import type { CliConfig, Io } from '../io.js';

/** Options of {@link waitCommand}. */
export interface WaitOptions {
  readonly name: string;
  /** `Complete` or `Failed` (`condition=` prefix accepted, as kubectl's). */
  readonly for: string;
  readonly timeoutMs: number;
}

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

/**
 * Exit 0 when the TrainJob reaches the state asked for, 1 when it ends otherwise or time runs out,
 * 130 when interrupted (the job is left as it is).
 */
export function waitCommand(
  options: WaitOptions,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  return waitForTrainJobs(
    [{ namespace: session.namespace, name: options.name }],
    { state: parseWaitFor(options.for), timeoutMs: options.timeoutMs },
    session,
    io,
    config,
  );
}
