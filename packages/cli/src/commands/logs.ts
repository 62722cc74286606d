// SPDX-License-Identifier: Apache-2.0
// `kubetrain logs NAME [--rank N] [--step STEP] [-f]`: the trainer pods' logs, each line prefixed
// with its step (`[node-0]`, the rank).

import type { Session } from '../cluster/connect.js';
import { followLogUntilPodEnds, watchPodEnds } from '../cluster/follow-log.js';
import { readLogLines } from '../cluster/pod-logs.js';
import { podsOf, readTrainJob } from '../cluster/read-trainjobs.js';
import { stepsOf } from '../cluster/trainjob-view.js';
import type { Step } from '../cluster/trainjob-view.js';
import { ExitCode, FailedError } from '../io.js';
import type { Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** Options of {@link logsCommand}. */
interface LogsOptions {
  readonly name: string;
  readonly rank?: number | undefined;
  /** A step name (`node-1`, `dataset-initializer`) or a replicated job (`node`). */
  readonly step?: string | undefined;
  readonly follow: boolean;
}

/** The steps whose logs are read: the trainer's (`node`) unless `--step` names others; `--rank` narrows. */
export function selectSteps(steps: readonly Step[], options: Pick<LogsOptions, 'rank' | 'step'>): Step[] {
  return steps.filter(
    (s) =>
      (options.step === undefined ? s.job === 'node' : s.name === options.step || s.job === options.step) &&
      (options.rank === undefined || s.rank === options.rank) &&
      s.phase !== 'Pending',
  );
}

/** The container a step's log is read from: the step's job name (`node`, `dataset-initializer`, ...). */
export function containerOf(step: Step): string {
  return step.job;
}

/**
 * Prints the log lines of the selected steps (the started pods), prefixed `[<step>] `. With `follow`,
 * streams them all at once as they are written, and returns when every one of those pods has ended
 * (Succeeded, Failed or deleted) and its last line is printed.
 */
export async function logsCommand(options: LogsOptions, session: Session, io: Io): Promise<number> {
  await readTrainJob(session, options.name);
  const steps = selectSteps(stepsOf(await podsOf(session, session.namespace, options.name)), options);
  if (steps.length === 0)
    throw new FailedError(
      `TrainJob ${session.namespace}/${options.name} has no started pod${options.rank !== undefined ? ` of rank ${options.rank}` : ''}${options.step ? ` in step ${options.step}` : ''}`,
    );
  const target = (step: Step) => ({
    namespace: session.namespace,
    pod: step.pod,
    container: containerOf(step),
  });
  // The prefix is escaped; the line is printed as the container wrote it, as kubectl logs does.
  const print = (step: Step) => (line: string) => io.stdout(`[${escapeForTerminal(step.name)}] ${line}\n`);
  if (options.follow) {
    const ends = watchPodEnds(() => podsOf(session, session.namespace, options.name));
    try {
      await Promise.all(
        steps.map((step) => followLogUntilPodEnds(session, target(step), ends.ended(step.pod), print(step))),
      );
    } finally {
      ends.stop();
    }
  } else
    for (const step of steps) for await (const line of readLogLines(session, target(step))) print(step)(line);
  return ExitCode.Ok;
}
