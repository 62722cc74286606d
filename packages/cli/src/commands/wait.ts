// SPDX-License-Identifier: Apache-2.0
// `kubetrain wait NAME --for=Complete|Failed --timeout=DURATION`.

import type { Session } from '../cluster/connect.js';
import { waitForTrainJobs } from '../cluster/wait-for.js';
import { parseWaitFor } from './wait-flags.js';
import type { CliConfig, Io } from '../io.js';

/** Options of {@link waitCommand}. */
export interface WaitOptions {
  readonly name: string;
  /** `Complete` or `Failed` (`condition=` prefix accepted, as kubectl's). */
  readonly for: string;
  readonly timeoutMs: number;
}

export { parseDuration, parseWaitFor } from './wait-flags.js';

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
