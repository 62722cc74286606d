// SPDX-License-Identifier: Apache-2.0
// runtimePatches rules of upstream's JobSet plugin: who may patch (a domain-prefixed manager), what
// a patch may name (replicatedJobs and containers the runtime has, no env on the containers the
// TrainJob API owns), and when a patch may change (only around a suspend, never under active pods).

import { stringifyJson } from '@kubetrain/api/core';
import {
  ContainerNames,
  containerPatchUnknownMessage,
  fieldPath,
  forbidden,
  initContainerPatchUnknownMessage,
  invalid,
  runtimePatchesActiveJobMessage,
  ValidationMessages,
  type FieldError,
  type RuntimePatch,
} from '@kubetrain/api/core';
import type { TrainJob } from '../../types.js';
import { isDomainPrefixedPath } from '../../validation/k8s-names.js';
import type { TrainJobRuleInput } from '../../validation/input.js';

const patchesPath = fieldPath('spec', 'runtimePatches');

/** Containers whose env only `spec.trainer` / `spec.initializer` may set. */
const ENV_OWNED_CONTAINERS: ReadonlySet<string> = new Set([
  ContainerNames.DatasetInitializer,
  ContainerNames.ModelInitializer,
  ContainerNames.Node,
]);

interface ContainerPatchView {
  readonly name: string;
  readonly env?: readonly unknown[];
}

interface ReplicatedJobPatchView {
  readonly name: string;
  readonly template?: {
    readonly spec?: {
      readonly template?: {
        readonly spec?: {
          readonly initContainers?: readonly ContainerPatchView[];
          readonly containers?: readonly ContainerPatchView[];
        };
      };
    };
  };
}

function replicatedJobPatches(patch: RuntimePatch): readonly ReplicatedJobPatchView[] {
  const spec = patch.trainingRuntimeSpec?.template?.spec as
    { replicatedJobs?: ReplicatedJobPatchView[] } | undefined;
  return spec?.replicatedJobs ?? [];
}

function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableText(v)}`).join(',')}}`;
  }
  return stringifyJson(value) ?? 'null';
}

/** True when the two TrainJobs' runtimePatches differ (an absent list equals an empty one). */
export function runtimePatchesChanged(oldJob: TrainJob, newJob: TrainJob): boolean {
  return stableText(oldJob.spec.runtimePatches ?? []) !== stableText(newJob.spec.runtimePatches ?? []);
}

/**
 * The replicatedJobs with active pods: from the observed JobSet when the cluster reader can get it
 * (upstream reads the JobSet), else from the stored TrainJob's `status.jobsStatus`, which mirrors
 * the JobSet's `replicatedJobsStatus`.
 */
function activeReplicatedJobs(input: TrainJobRuleInput): string[] {
  const { cluster, newJob, oldJob } = input;
  if (cluster.getJobSet !== undefined) {
    const jobSet = cluster.getJobSet(newJob.metadata.namespace ?? '', newJob.metadata.name ?? '');
    return (jobSet?.status?.replicatedJobsStatus ?? []).filter((s) => s.active > 0).map((s) => s.name);
  }
  return (oldJob?.status?.jobsStatus ?? []).filter((s) => s.active > 0).map((s) => s.name);
}

/**
 * Update only: runtimePatches may change only when the TrainJob is suspended before or after the
 * update (so Kueue can patch and unsuspend in one request), and not while any replicatedJob of the
 * JobSet has active pods. `field.Forbidden(spec.runtimePatches, ...)`, one per active job.
 */
export function validateRuntimePatchesUpdate(input: TrainJobRuleInput): FieldError[] {
  const { oldJob, newJob } = input;
  if (oldJob === undefined || !runtimePatchesChanged(oldJob, newJob)) return [];
  if (oldJob.spec.suspend !== true && newJob.spec.suspend !== true) {
    return [forbidden(patchesPath, ValidationMessages.RuntimePatchesNotSuspended)];
  }
  return activeReplicatedJobs(input).map((name) =>
    forbidden(patchesPath, runtimePatchesActiveJobMessage(name)),
  );
}

/**
 * Every runtimePatch: `manager` must be a domain-prefixed path (`spec.runtimePatches.manager`);
 * every patched replicatedJob, init container and container must exist in the runtime's template;
 * a container patch must not set env on `dataset-initializer`, `model-initializer` or `node`. These
 * are `field.Invalid(spec.runtimePatches, <all patches>, ...)`.
 *
 * Departure: names are checked against the runtime's template before the patches are merged.
 * Upstream checks the merged template, into which the strategic merge has already added the
 * unknown names, so in its webhook these checks cannot fire; here they do, as its messages intend.
 */
export function validateRuntimePatchTargets(input: TrainJobRuleInput): FieldError[] {
  const patches = input.newJob.spec.runtimePatches ?? [];
  const errors: FieldError[] = [];
  const containersByJob = new Map<string, { init: Set<string>; all: Set<string> }>();
  for (const rJob of input.runtime.spec.template.spec.replicatedJobs ?? []) {
    const pod = rJob.template?.spec?.template?.spec;
    const init = new Set((pod?.initContainers ?? []).map((c) => c.name));
    const all = new Set([...init, ...(pod?.containers ?? []).map((c) => c.name)]);
    containersByJob.set(rJob.name, { init, all });
  }
  for (const patch of patches) {
    errors.push(...isDomainPrefixedPath(patchesPath.child('manager'), patch.manager));
    for (const rJobPatch of replicatedJobPatches(patch)) {
      const known = containersByJob.get(rJobPatch.name);
      if (known === undefined) {
        errors.push(invalid(patchesPath, patches, ValidationMessages.ReplicatedJobPatchUnknown));
        continue;
      }
      const podPatch = rJobPatch.template?.spec?.template?.spec;
      for (const c of podPatch?.initContainers ?? []) {
        if (!known.all.has(c.name)) {
          errors.push(invalid(patchesPath, patches, initContainerPatchUnknownMessage(rJobPatch.name)));
        }
      }
      for (const c of podPatch?.containers ?? []) {
        if (!known.all.has(c.name)) {
          errors.push(invalid(patchesPath, patches, containerPatchUnknownMessage(rJobPatch.name)));
        } else if ((c.env ?? []).length > 0 && ENV_OWNED_CONTAINERS.has(c.name)) {
          errors.push(invalid(patchesPath, patches, ValidationMessages.ContainerPatchEnvForbidden));
        }
      }
    }
  }
  return errors;
}
