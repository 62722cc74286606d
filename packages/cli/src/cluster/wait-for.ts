// SPDX-License-Identifier: Apache-2.0
// Waiting for TrainJobs to finish, with progress, as `wait`, `submit --wait` and `submit --follow` do.

import { findFailedContainer } from '@kubetrain/api';
import type { Session } from './connect.js';
import { failureLog, failureText } from './failure.js';
import { follow } from './follow.js';
import { interruptedLine, outcomeCode, outcomeLine, timeoutMessage } from './follow-outcome.js';
import type { FinishedState } from './follow-outcome.js';
import { plainProgress, terminalProgress } from './progress.js';
import { podsOf, readTrainJob } from './read-trainjobs.js';
import type { TrainJobWithSteps } from './read-trainjobs.js';
import { stateOf, stepsOf } from './trainjob-view.js';
import { ExitCode, FailedError } from '../io.js';
import type { CliConfig, Io } from '../io.js';

/** A TrainJob waited for. */
interface WaitTarget {
  readonly namespace: string;
  readonly name: string;
}

/** How to wait. */
export interface WaitOptions {
  /** `Complete` or `Failed`; undefined: either (the job finishes; Complete is success). */
  readonly state: FinishedState | undefined;
  /** Infinity: no time limit. */
  readonly timeoutMs: number;
  /** Print the failing pod, container, exit code and last log lines of each job that Failed (stderr). */
  readonly showFailure?: boolean;
}

function finished(item: TrainJobWithSteps): FinishedState | undefined {
  const state = stateOf(item.job, item.steps);
  return state === 'Complete' || state === 'Failed' ? state : undefined;
}

async function readOne(session: Session, target: WaitTarget): Promise<TrainJobWithSteps> {
  const job = await readTrainJob({ ...session, namespace: target.namespace }, target.name);
  const pods = await podsOf(session, target.namespace, target.name);
  return { job, pods, steps: stepsOf(pods) };
}

/**
 * Follows the TrainJobs, in one progress view, until every one has finished. Exit 0 when each
 * reached `options.state` (Complete without one), 1 when one ended otherwise; a {@link FailedError}
 * (exit 1) when the time runs out. An interrupt (`config.interrupts`, listened to only while
 * following) stops following and leaves the jobs as they are: one line each says so, exit 130.
 * Progress goes to stderr so that stdout stays the result: one line per job.
 */
export async function waitForTrainJobs(
  targets: readonly WaitTarget[],
  options: WaitOptions,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const now = config.now ?? (() => new Date());
  // The view goes to stderr: drawn in place when stderr is a terminal (stdout may be a pipe or a file).
  const sink = config.stderrIsTTY
    ? terminalProgress(io.stderr, config.stderrColumns, now)
    : plainProgress(io.stderr, now);
  const interrupt = new AbortController();
  const unlisten = config.interrupts?.listen(() => interrupt.abort()) ?? (() => undefined);
  let last: readonly TrainJobWithSteps[] = [];
  let ends: FinishedState[] | undefined;
  try {
    ends = await follow(
      () => Promise.all(targets.map((t) => readOne(session, t))),
      sink,
      (items) => {
        last = items;
        const states = items.map(finished);
        return states.every((s) => s !== undefined) ? (states as FinishedState[]) : undefined;
      },
      options.timeoutMs,
      interrupt.signal,
    );
  } finally {
    unlisten();
  }
  if (ends === undefined) {
    const unfinished = last.filter((item) => finished(item) === undefined);
    if (interrupt.signal.aborted) {
      for (const item of unfinished)
        io.stderr(
          interruptedLine(
            item.job.metadata.namespace ?? '',
            item.job.metadata.name ?? '',
            stateOf(item.job, item.steps),
          ),
        );
      return ExitCode.Interrupted;
    }
    throw new FailedError(
      timeoutMessage(
        options.timeoutMs,
        (unfinished.length > 0 ? unfinished.map((i) => i.job.metadata) : targets).map((m) => ({
          namespace: m.namespace ?? '',
          name: m.name ?? '',
        })),
        options.state,
      ),
    );
  }
  const wanted = options.state ?? 'Complete';
  for (const [i, item] of last.entries()) {
    io.stdout(outcomeLine(item.job.metadata.name ?? '', ends[i]!, wanted));
    const failure = options.showFailure && ends[i] === 'Failed' ? findFailedContainer(item.pods) : undefined;
    if (failure) {
      const namespace = item.job.metadata.namespace ?? session.namespace;
      const heading = `TrainJob ${namespace}/${item.job.metadata.name ?? ''} Failed:`;
      io.stderr(failureText(heading, failure, await failureLog(session, namespace, failure)));
    }
  }
  return outcomeCode(ends, wanted);
}
