// SPDX-License-Identifier: Apache-2.0
// Pod annotations that drive what the kwok nodes do with a running pod
// (hack/cluster/config/kwok-outcome-stages.yaml). Without them, pods owned by a Job succeed after
// one second and all other pods keep running.

export const OUTCOME = 'kwok.kubetrain.dev/outcome';
export const DURATION = 'kwok.kubetrain.dev/duration';
export const EXIT_CODE = 'kwok.kubetrain.dev/exit-code';

/** The pod runs for `duration` (a Go duration such as "2s"), then succeeds with exit code 0. */
export function succeedAfter(duration: string): Record<string, string> {
  return { [OUTCOME]: 'succeed', [DURATION]: duration };
}

/** The pod runs for `duration`, then fails: every container terminates with `exitCode`. */
export function failAfter(duration: string, exitCode: number): Record<string, string> {
  return { [OUTCOME]: 'fail', [DURATION]: duration, [EXIT_CODE]: String(exitCode) };
}

/** The pod keeps running until it is deleted. */
export function keepRunning(): Record<string, string> {
  return { [OUTCOME]: 'run' };
}
