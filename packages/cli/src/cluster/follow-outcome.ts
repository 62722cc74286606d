// SPDX-License-Identifier: Apache-2.0
// What following TrainJobs ends with: the result line of each job, the exit code, and what an
// interrupted follow tells the user about the jobs it leaves behind.

import type { TrainJobState } from '@kubetrain/api';
import { ExitCode } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** A finished state. */
export type FinishedState = Extract<TrainJobState, 'Complete' | 'Failed'>;

/** The line on stdout for a job that ended: `condition met` when it ended as wanted, else its state. */
export function outcomeLine(name: string, end: FinishedState, wanted: FinishedState): string {
  return `trainjob.trainer.kubeflow.org/${escapeForTerminal(name)} ${end === wanted ? 'condition met' : end}\n`;
}

/** 0 when every job ended as wanted, else 1. */
export function outcomeCode(ends: readonly FinishedState[], wanted: FinishedState): number {
  return ends.every((end) => end === wanted) ? ExitCode.Ok : ExitCode.Invalid;
}

/**
 * The line on stderr for a job left unfinished by an interrupt (Ctrl-C): it keeps running, and the
 * commands that follow it again or stop it.
 */
export function interruptedLine(namespace: string, name: string, state: TrainJobState): string {
  const line =
    `interrupted: TrainJob ${namespace}/${name} keeps running (${state}); ` +
    `watch it with: kubetrain get ${name} -n ${namespace} -w; stop it with: kubetrain delete ${name} -n ${namespace}`;
  return `${escapeForTerminal(line)}\n`;
}

/** The error message of a wait that ran out of time, naming the jobs that had not finished. */
export function timeoutMessage(
  timeoutMs: number,
  unfinished: readonly { namespace: string; name: string }[],
  wanted: FinishedState | undefined,
): string {
  const names = unfinished.map((j) => `${j.namespace}/${j.name}`).join(', ');
  return `timed out after ${timeoutMs / 1000}s waiting for TrainJob${unfinished.length > 1 ? 's' : ''} ${names} to be ${wanted ?? 'Complete or Failed'}`;
}
