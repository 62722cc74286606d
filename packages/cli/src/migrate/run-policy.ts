// SPDX-License-Identifier: Apache-2.0
// `spec.runPolicy` of a v1 job: what the TrainJob carries (suspend, activeDeadlineSeconds,
// managedBy) and what it cannot (cleanPodPolicy, TTL, gang scheduling), reported field by field.

import { ManagedBy } from '@kubetrain/api';
import type { Findings } from './findings.js';
import { isObject } from './v1-kinds.js';
import type { Json } from './v1-kinds.js';

/** The TrainJob spec fields taken from a run policy. */
export interface RunPolicyFields {
  suspend?: boolean;
  activeDeadlineSeconds?: number;
  managedBy?: string;
}

/** The outcome of {@link readRunPolicy}. */
export interface RunPolicy {
  /** Fields of the TrainJob's spec. */
  readonly trainJob: RunPolicyFields;
  /** `backoffLimit`, for the Jobs of the runtime. */
  readonly backoffLimit?: number;
}

/** Training Operator v1's own managedBy value: the default controller, which v2 names otherwise. */
const V1_CONTROLLER = 'kubeflow.org/training-operator';

const SCHEDULING_WHY: Readonly<Record<string, string>> = {
  minAvailable:
    'v2 gang scheduling (a runtime podGroupPolicy) counts every pod of the TrainJob; there is no minimum below it',
  queue:
    'v2 takes a queue from a label on the TrainJob (Kueue: kueue.x-k8s.io/queue-name) or the runtime (Volcano); set the one your scheduler reads',
  minResources: 'v2 gang scheduling computes the minimum resources from the pods',
  priorityClass:
    'a TrainJob cannot set it; set priorityClassName in a runtime, or a Kueue WorkloadPriorityClass label',
  scheduleTimeoutSeconds:
    "set podGroupPolicy.coscheduling.scheduleTimeoutSeconds in a runtime (gang scheduling is the runtime's)",
};

/** Reads `run` (a v1 RunPolicy at `path`), reporting each field the TrainJob does not carry. */
export function readRunPolicy(run: unknown, path: string, findings: Findings): RunPolicy {
  const policy: Json = isObject(run) ? run : {};
  const trainJob: RunPolicyFields = {};
  let backoffLimit: number | undefined;
  for (const [key, value] of Object.entries(policy)) {
    const at = `${path}.${key}`;
    switch (key) {
      case 'suspend':
        if (value === true) trainJob.suspend = true;
        break;
      case 'activeDeadlineSeconds':
        if (typeof value === 'number' && value >= 1) trainJob.activeDeadlineSeconds = value;
        else findings.notCarried(at, 'a TrainJob deadline must be at least 1 second');
        break;
      case 'backoffLimit':
        if (typeof value === 'number') backoffLimit = value;
        break;
      case 'managedBy':
        if (value === V1_CONTROLLER || value === '') break;
        if (value === ManagedBy.MultiKueue) trainJob.managedBy = value;
        else
          findings.notCarried(
            at,
            `a TrainJob is managed by ${ManagedBy.TrainJobController} or ${ManagedBy.MultiKueue}`,
          );
        break;
      case 'cleanPodPolicy':
        if (value !== 'None')
          findings.notCarried(
            at,
            `${String(value)}: v2 has no pod clean-up policy; finished pods stay until the TrainJob is deleted`,
          );
        break;
      case 'ttlSecondsAfterFinished':
        findings.notCarried(at, 'a TrainJob has no TTL; delete it when it has finished');
        break;
      case 'schedulingPolicy':
        for (const field of Object.keys(isObject(value) ? value : {}))
          findings.notCarried(`${at}.${field}`, SCHEDULING_WHY[field] ?? 'v2 has no such field');
        break;
      default:
        findings.notCarried(at, 'v2 has no such field');
    }
  }
  return { trainJob, ...(backoffLimit !== undefined ? { backoffLimit } : {}) };
}
