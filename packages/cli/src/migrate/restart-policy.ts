// SPDX-License-Identifier: Apache-2.0
// A v1 replica restartPolicy as the v2 Job that runs the replica: the pod restart policy, the
// Job's backoffLimit and, for ExitCode, a podFailurePolicy with Training Operator v1's exit codes.

import { ContainerNames, type V1RestartPolicy } from '@kubetrain/api';
import type { Findings } from './findings.js';

/** The Job fields a restart policy sets. */
export interface JobRestart {
  /** The pod template's restartPolicy (a Job allows only OnFailure and Never). */
  readonly podRestartPolicy: 'OnFailure' | 'Never';
  /** The Job's backoffLimit, when it must differ from the Job default (6). */
  readonly backoffLimit?: number;
  /** The Job's podFailurePolicy, for ExitCode. */
  readonly podFailurePolicy?: Record<string, unknown>;
  /** True when a shipped runtime (JobSet's default: OnFailure, backoffLimit 6) already behaves so. */
  readonly shippedRuntimeFits: boolean;
}

/** Training Operator v1's permanent exit codes under ExitCode: 1 to 127 (128 and above are retried). */
const PERMANENT_EXIT_CODES = Array.from({ length: 127 }, (_, i) => i + 1);

/** Exit codes 1-127 fail the Job at once; others are retried (the Job's backoffLimit bounds them). */
function exitCodePolicy(): Record<string, unknown> {
  return {
    rules: [
      {
        action: 'FailJob',
        onExitCodes: { containerName: ContainerNames.Node, operator: 'In', values: PERMANENT_EXIT_CODES },
      },
    ],
  };
}

/**
 * The Job settings of restart policy `policy` at `path`, with `backoffLimit` from
 * `spec.runPolicy.backoffLimit` when set. The differences from v1 are reported: v1 restarted without
 * limit unless `backoffLimit` was set (a Job stops at 6), and Always restarted pods that succeeded.
 */
export function jobRestart(
  policy: V1RestartPolicy,
  path: string,
  backoffLimit: number | undefined,
  findings: Findings,
): JobRestart {
  const unbounded = () =>
    findings.changed(
      path,
      `${policy}: the Job retries a failing pod at most 6 times (its default backoffLimit); Training Operator v1 retried without limit (set spec.runPolicy.backoffLimit to choose)`,
    );
  switch (policy) {
    case 'Never':
      // v1 fails the job on the first failed pod.
      return { podRestartPolicy: 'Never', backoffLimit: backoffLimit ?? 0, shippedRuntimeFits: false };
    case 'ExitCode':
      if (backoffLimit === undefined) unbounded();
      return {
        podRestartPolicy: 'Never',
        ...(backoffLimit !== undefined ? { backoffLimit } : {}),
        podFailurePolicy: exitCodePolicy(),
        shippedRuntimeFits: false,
      };
    case 'Always':
      findings.changed(path, 'Always: a Job allows only OnFailure, so a pod that succeeds is not restarted');
      if (backoffLimit === undefined) unbounded();
      return backoffLimit !== undefined
        ? { podRestartPolicy: 'OnFailure', backoffLimit, shippedRuntimeFits: false }
        : { podRestartPolicy: 'OnFailure', shippedRuntimeFits: true };
    default:
      if (backoffLimit === undefined) unbounded();
      return backoffLimit !== undefined
        ? { podRestartPolicy: 'OnFailure', backoffLimit, shippedRuntimeFits: false }
        : { podRestartPolicy: 'OnFailure', shippedRuntimeFits: true };
  }
}

/** `jobSpec` with the restart settings applied (the pod template's restartPolicy is set by the caller). */
export function withJobRestart(
  jobSpec: Record<string, unknown>,
  restart: JobRestart,
): Record<string, unknown> {
  return {
    ...jobSpec,
    ...(restart.backoffLimit !== undefined ? { backoffLimit: restart.backoffLimit } : {}),
    ...(restart.podFailurePolicy !== undefined ? { podFailurePolicy: restart.podFailurePolicy } : {}),
  };
}

/** Why the pod template's own restartPolicy is not carried over. */
export const POD_RESTART_POLICY_WHY =
  "Training Operator v1 replaced it with the replica's restartPolicy, as the migration does";

/** Reports the pod template's own restartPolicy of the replica at `replicaPath`, when it sets one. */
export function reportPodRestartPolicy(
  template: Record<string, unknown>,
  replicaPath: string,
  findings: Findings,
): void {
  const spec = template.spec;
  if (typeof spec === 'object' && spec !== null && 'restartPolicy' in spec)
    findings.notCarried(`${replicaPath}.template.spec.restartPolicy`, POD_RESTART_POLICY_WHY);
}
