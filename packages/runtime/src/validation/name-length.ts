// SPDX-License-Identifier: Apache-2.0
// Beyond upstream (design decision 6): JobSet names its Jobs `<jobset>-<replicatedJob>-<jobIndex>`
// and their pods `<job>-<podIndex>-<5 random characters>`, and its webhook rejects a JobSet whose
// Job or pod names would exceed 63 characters (DNS-1035 labels). The JobSet is named after the
// TrainJob, so upstream accepts such a TrainJob and then fails at every reconcile. This rule
// rejects it at admission and says how long the name may be.

import { AncestorSteps, fieldPath, invalid, WorkloadBackends, type FieldError } from '@kubetrain/api/core';
import { isEngineError } from '../framework/errors.js';
import { Framework } from '../framework/framework.js';
import type { Plugin } from '../framework/plugin.js';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import type { TrainJob } from '../types.js';
import { ancestorOf } from '../util/replicated-job.js';
import { DNS1035_LABEL_MAX_LENGTH } from './k8s-names.js';
import type { TrainJobRuleInput } from './input.js';

/** The placeholder for the random pod-name suffix, as long as the real one. */
const RANDOM_SUFFIX = 'xxxxx';

/** Steps whose `replicas` the JobSet builder forces to 1. */
const ANCESTORS: ReadonlySet<string> = new Set(Object.values(AncestorSteps));

/** The longest Job and pod name suffix one replicatedJob adds to the TrainJob name. */
interface GeneratedName {
  /** `pod` when the replicatedJob creates pods, else `Job` (a step with 0 pods). */
  readonly kind: 'pod' | 'Job';
  /** The name with the TrainJob name left out: `-<rjob>-<lastJobIndex>[-<lastPodIndex>-xxxxx]`. */
  readonly suffix: string;
}

/**
 * The pod counts the render will give each replicatedJob, as the plugins give them: the
 * enforceMLPolicy point of `plugins` runs on a copy of `info`, as in a
 * render, and each pod set's count is read back. When a plugin refuses the pair (its own validate
 * point reports why), the counts `newRuntimeInfo` started from are returned.
 */
export function expectedPodCounts(
  info: RuntimeInfo,
  trainJob: TrainJob,
  plugins: readonly Plugin[],
): number[] {
  const enforced = structuredClone(info);
  try {
    new Framework(plugins).runEnforceMLPolicyPlugins(enforced, trainJob);
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return info.templateSpec.podSets.map((ps) => ps.count ?? 1);
  }
  return enforced.templateSpec.podSets.map((ps) => ps.count ?? 1);
}

/** The longest generated name of each replicatedJob of `info`, for `trainJob`, with the counts of {@link expectedPodCounts}. */
export function generatedNames(
  info: RuntimeInfo,
  trainJob: TrainJob,
  plugins: readonly Plugin[],
): GeneratedName[] {
  const counts = expectedPodCounts(info, trainJob, plugins);
  return (info.templateSpec.spec.replicatedJobs ?? []).map((rJob, i) => {
    const ancestor = ancestorOf(rJob);
    const replicas = ancestor !== undefined && ANCESTORS.has(ancestor) ? 1 : (rJob.replicas ?? 1);
    const jobSuffix = `-${rJob.name}-${Math.max(replicas - 1, 0)}`;
    const count = counts[i] ?? 1;
    if (count < 1) return { kind: 'Job', suffix: jobSuffix };
    return { kind: 'pod', suffix: `${jobSuffix}-${count - 1}-${RANDOM_SUFFIX}` };
  });
}

/**
 * `metadata.name` must leave room for the longest Job and pod name the JobSet will generate:
 * `field.Invalid(metadata.name, <name>, must be no more than <N> characters for runtime "<runtime>":
 * the longest pod name would be "<name>-<rjob>-<j>-<p>-xxxxx" (<L> characters, xxxxx being random),
 * over the 63 characters JobSet allows)`. With a `dataset-initializer` step N is 33; with only
 * `node` and up to 10 nodes, 48. Not for a runtime the LeaderWorkerSet backend renders.
 */
export function validateNameLength(input: TrainJobRuleInput): FieldError[] {
  // A LeaderWorkerSet-backed job has no JobSet: its backend's own rule applies
  // (workload/leaderworkerset/validate-name-length.ts).
  if (input.info.workload === WorkloadBackends.LeaderWorkerSet) return [];
  const name = input.newJob.metadata.name ?? '';
  const names = generatedNames(input.info, input.newJob, input.plugins);
  let longest: GeneratedName | undefined;
  for (const n of names) if (longest === undefined || n.suffix.length > longest.suffix.length) longest = n;
  if (longest === undefined) return [];
  const max = DNS1035_LABEL_MAX_LENGTH - longest.suffix.length;
  if (name.length <= max) return [];
  const full = `${name}${longest.suffix}`;
  const random = longest.kind === 'pod' ? `, ${RANDOM_SUFFIX} being random` : '';
  const runtimeName = input.runtime.metadata.name ?? input.newJob.spec.runtimeRef.name;
  const message =
    `must be no more than ${max} characters for runtime "${runtimeName}": ` +
    `the longest ${longest.kind} name would be "${full}" (${full.length} characters${random}), ` +
    `over the ${DNS1035_LABEL_MAX_LENGTH} characters JobSet allows`;
  return [invalid(fieldPath('metadata', 'name'), name, message)];
}
