// SPDX-License-Identifier: Apache-2.0
// The name-length rule of the LeaderWorkerSet backend (design decision 6), in place of the JobSet
// rule for runtimes this backend renders. The LeaderWorkerSet `<tj>` creates the leader
// StatefulSet `<tj>` (pods `<tj>-0`) and, for a group of more than one pod, the worker StatefulSet
// `<tj>-0` (pods `<tj>-0-<i>`); a StatefulSet labels its pods `controller-revision-hash:
// <statefulset>-<hash>`, the hash at most 10 characters, and a label value is at most 63
// characters: so `<tj>` at most 50 characters (52 for a group of one pod). The initializer Jobs
// `<tj>-<step>` name their pods `<tj>-<step>-<index>-<5 random characters>`.

import { fieldPath, invalid, WorkloadBackends, type FieldError } from '@kubetrain/api/core';
import { isEngineError } from '../../framework/errors.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJobRuleInput } from '../../validation/input.js';
import { DNS1035_LABEL_MAX_LENGTH } from '../../validation/k8s-names.js';
import { expectedPodCounts } from '../../validation/name-length.js';
import { groupShape } from './group-shape.js';

/** The placeholder for a StatefulSet's revision hash, as long as the longest real one. */
const REVISION_HASH = 'xxxxxxxxxx';
/** The placeholder for a Job pod's random name suffix, as long as the real one. */
const RANDOM_SUFFIX = 'xxxxx';

/** The longest generated name of one object kind, with the TrainJob name left out. */
interface Generated {
  /** What it is, as the message names it. */
  readonly what: string;
  readonly suffix: string;
  /** What the placeholder in the suffix stands for. */
  readonly placeholder: string;
}

/** `info` with the pod counts the ML policies will give (the group size depends on them). */
function withExpectedCounts(input: TrainJobRuleInput): RuntimeInfo {
  const counts = expectedPodCounts(input.info, input.newJob, input.plugins);
  const info = structuredClone(input.info);
  info.templateSpec.podSets.forEach((ps, i) => (ps.count = counts[i] ?? ps.count));
  return info;
}

/** The generated names of the group's StatefulSets and of the initializer Jobs' pods. */
function generatedNames(input: TrainJobRuleInput): Generated[] {
  const info = withExpectedCounts(input);
  let shape;
  try {
    shape = groupShape(info);
  } catch (e) {
    // The shape rule (validate-shape.ts) reports a runtime that makes no group.
    if (isEngineError(e)) return [];
    throw e;
  }
  const revision = `${REVISION_HASH} being the StatefulSet's revision hash`;
  const names: Generated[] = [
    shape.size > 1
      ? { what: 'controller-revision-hash label', suffix: `-0-${REVISION_HASH}`, placeholder: revision }
      : { what: 'controller-revision-hash label', suffix: `-${REVISION_HASH}`, placeholder: revision },
  ];
  for (const step of shape.initializers) {
    const count = info.templateSpec.podSets.find((ps) => ps.name === step)?.count ?? 1;
    names.push({
      what: 'pod name',
      suffix: `-${step}-${Math.max(count - 1, 0)}-${RANDOM_SUFFIX}`,
      placeholder: `${RANDOM_SUFFIX} being random`,
    });
  }
  return names;
}

/**
 * For a runtime rendered as a LeaderWorkerSet, `metadata.name` must leave room for the longest
 * name or label value the LeaderWorkerSet and its initializer Jobs generate:
 * `field.Invalid(metadata.name, <name>, must be no more than <N> characters for runtime
 * "<runtime>": the longest <what> would be "<name><suffix>" (<L> characters, <placeholder>), over
 * the 63 characters LeaderWorkerSet allows)`. Without initializers N is 50.
 */
export function validateLeaderWorkerSetNameLength(input: TrainJobRuleInput): FieldError[] {
  if (input.info.workload !== WorkloadBackends.LeaderWorkerSet) return [];
  const name = input.newJob.metadata.name ?? '';
  let longest: Generated | undefined;
  for (const n of generatedNames(input))
    if (longest === undefined || n.suffix.length > longest.suffix.length) longest = n;
  if (longest === undefined) return [];
  const max = DNS1035_LABEL_MAX_LENGTH - longest.suffix.length;
  if (name.length <= max) return [];
  const full = `${name}${longest.suffix}`;
  const runtimeName = input.runtime.metadata.name ?? input.newJob.spec.runtimeRef.name;
  const message =
    `must be no more than ${max} characters for runtime "${runtimeName}": ` +
    `the longest ${longest.what} would be "${full}" (${full.length} characters, ${longest.placeholder}), ` +
    `over the ${DNS1035_LABEL_MAX_LENGTH} characters LeaderWorkerSet allows`;
  return [invalid(fieldPath('metadata', 'name'), name, message)];
}
