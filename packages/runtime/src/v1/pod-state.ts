// SPDX-License-Identifier: Apache-2.0
// What the core reads off a pod: its replica type and index, its phase, the exit code of the framework
// container, restart counts; and v1's restart decision for a failed pod.
import { isRetryableExitCode, UNKNOWN_EXIT_CODE, V1Labels, V1RestartPolicies } from './constants.js';
import type { PodView } from './job-types.js';

/** The replica index of `pod` (its label), or undefined when missing or not a number. */
export function podIndex(pod: PodView): number | undefined {
  const text = pod.metadata?.labels?.[V1Labels.ReplicaIndex];
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** The lowercase replica type of `pod` (its label). */
export function podReplicaType(pod: PodView): string | undefined {
  return pod.metadata?.labels?.[V1Labels.ReplicaType];
}

/** The exit code of container `name` (upstream: 0xbeef when no terminated state is found). */
export function exitCodeOf(pod: PodView, name: string): number {
  const status = pod.status?.containerStatuses?.find((c) => c.name === name);
  return status?.state?.terminated?.exitCode ?? UNKNOWN_EXIT_CODE;
}

/** Σ restartCount of containers and init containers (what `backoffLimit` counts on Running pods). */
export function restartCountOf(pod: PodView): number {
  const all = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  return all.reduce((sum, c) => sum + (c.restartCount ?? 0), 0);
}

/** What happens to a pod in phase Failed under `policy`: recreate it, fail the job, or nothing. */
export type FailedPodAction = 'restart' | 'fail' | 'none';

/** v1's decision for a Failed pod: OnFailure and Always restart; ExitCode restarts on codes ≥ 128, else fails. */
export function failedPodAction(policy: string | undefined, exitCode: number): FailedPodAction {
  if (policy === V1RestartPolicies.OnFailure || policy === V1RestartPolicies.Always) return 'restart';
  if (policy === V1RestartPolicies.ExitCode) return isRetryableExitCode(exitCode) ? 'restart' : 'fail';
  return 'none';
}
