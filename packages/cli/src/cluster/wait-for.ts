// SPDX-License-Identifier: Apache-2.0
// Waiting for a TrainJob to finish, with progress, as `wait` and `submit --wait` do.

import type { Session } from './connect.js';
import { follow } from './follow.js';
import { plainProgress, terminalProgress } from './progress.js';
import { podsOf, readTrainJob } from './read-trainjobs.js';
import { stateOf, stepsOf } from './trainjob-view.js';
import type { TrainJobState } from './trainjob-view.js';
import { ExitCode, FailedError } from '../io.js';
import type { CliConfig, Io } from '../io.js';

/** What a wait waits for. */
export interface WaitTarget {
  readonly name: string;
  /** `Complete` or `Failed`; undefined: either (the job finishes). */
  readonly state: 'Complete' | 'Failed' | undefined;
  readonly timeoutMs: number;
}

/**
 * Follows the TrainJob until it reaches `target.state` (exit 0) or the other finished state (exit 1,
 * the job did not end as asked), or the timeout passes (a {@link FailedError}, exit 1). Without a
 * target state, Complete is 0 and Failed 1. Progress goes to stderr so that stdout stays the result.
 */
export async function waitForTrainJob(
  target: WaitTarget,
  session: Session,
  io: Io,
  config: CliConfig,
): Promise<number> {
  const now = config.now ?? (() => new Date());
  const sink = config.stdoutIsTTY ? terminalProgress(io.stderr) : plainProgress(io.stderr, now);
  const read = async () => {
    const job = await readTrainJob(session, target.name);
    return [{ job, ...stepsAndPods(await podsOf(session, session.namespace, target.name)) }];
  };
  const end = await follow(
    read,
    sink,
    (jobs): TrainJobState | undefined => {
      const state = stateOf(jobs[0]!.job);
      return state === 'Complete' || state === 'Failed' ? state : undefined;
    },
    target.timeoutMs,
  );
  if (end === undefined)
    throw new FailedError(
      `timed out after ${target.timeoutMs / 1000}s waiting for TrainJob ${session.namespace}/${target.name} to be ${target.state ?? 'Complete or Failed'}`,
    );
  const wanted = target.state ?? 'Complete';
  io.stdout(`trainjob.trainer.kubeflow.org/${target.name} ${end === wanted ? 'condition met' : end}\n`);
  return end === wanted ? ExitCode.Ok : ExitCode.Invalid;
}

function stepsAndPods(pods: Awaited<ReturnType<typeof podsOf>>) {
  return { pods, steps: stepsOf(pods) };
}
