// SPDX-License-Identifier: Apache-2.0
// Patch strategies of the types a runtime patch merges into: jobset.x-k8s.io/v1alpha2 JobSetSpec and
// everything under it. Each entry reproduces a `patchStrategy`/`patchMergeKey` struct tag of
// sigs.k8s.io/jobset api/jobset/v1alpha2 (v0.12.0), k8s.io/api core/v1 and batch/v1, and
// k8s.io/apimachinery meta/v1. Fields without tags are left out: objects merge and lists are replaced
// (e.g. tolerations, command, args, envFrom, affinity's term lists, failurePolicy.rules).

import { atomicList, mergeList, mergeSet, struct } from './schema.js';
import type { PatchSchema } from './types.js';

/** meta/v1 ObjectMeta: `finalizers` merge as a set, `ownerReferences` by `uid`; labels and annotations merge. */
export const objectMetaPatchSchema: PatchSchema = struct({
  finalizers: mergeSet(),
  ownerReferences: mergeList('uid'),
});

/**
 * core/v1 Container (and EphemeralContainerCommon, which carries the same tags): `ports` by
 * `containerPort`, `env` by `name`, `volumeMounts` by `mountPath`, `volumeDevices` by `devicePath`.
 */
export const containerPatchSchema: PatchSchema = struct({
  ports: mergeList('containerPort'),
  env: mergeList('name'),
  volumeMounts: mergeList('mountPath'),
  volumeDevices: mergeList('devicePath'),
});

/** core/v1 PodSpec. `tolerations`, `readinessGates` and the affinity terms have no tags: replaced. */
export const podSpecPatchSchema: PatchSchema = struct({
  volumes: mergeList('name', undefined, 'merge,retainKeys'),
  initContainers: mergeList('name', containerPatchSchema),
  containers: mergeList('name', containerPatchSchema),
  ephemeralContainers: mergeList('name', containerPatchSchema),
  imagePullSecrets: mergeList('name'),
  hostAliases: mergeList('ip'),
  topologySpreadConstraints: mergeList('topologyKey'),
  schedulingGates: mergeList('name'),
  resourceClaims: mergeList('name', undefined, 'merge,retainKeys'),
});

/** core/v1 PodTemplateSpec. */
export const podTemplateSpecPatchSchema: PatchSchema = struct({
  metadata: objectMetaPatchSchema,
  spec: podSpecPatchSchema,
});

/** batch/v1 JobTemplateSpec (metadata, and JobSpec whose only tagged content is the pod template). */
const jobTemplateSpecPatchSchema: PatchSchema = struct({
  metadata: objectMetaPatchSchema,
  spec: struct({ template: podTemplateSpecPatchSchema }),
});

/** jobset v1alpha2 ReplicatedJob: `dependsOn` merges by `name`. */
const replicatedJobPatchSchema: PatchSchema = struct({
  template: jobTemplateSpecPatchSchema,
  dependsOn: mergeList('name'),
});

/**
 * jobset.x-k8s.io/v1alpha2 JobSetSpec, the type upstream passes to `StrategicMergePatch` when it merges
 * `TrainJob.spec.runtimePatches[].trainingRuntimeSpec.template.spec` into the runtime's JobSet template:
 * `replicatedJobs` merge by `name`, and below them the Job and Pod template tags apply (containers,
 * initContainers, ephemeralContainers, imagePullSecrets, schedulingGates and env by `name`; volumes by
 * `name` with retainKeys; volumeMounts by `mountPath`; ports by `containerPort`; nodeSelector, labels
 * and annotations as merged maps; tolerations replaced).
 */
export const jobSetSpecPatchSchema: PatchSchema = struct({
  replicatedJobs: mergeList('name', replicatedJobPatchSchema),
  volumeClaimPolicies: atomicList(
    struct({ templates: atomicList(struct({ metadata: objectMetaPatchSchema })) }),
  ),
});

/**
 * core/v1 ResourceRequirements as upstream's `MergeResourceRequirements` merges
 * `spec.trainer.resourcesPerNode` into the trainer container: `limits` and `requests` are maps
 * (merged per resource name) and `claims` merge by `name`.
 */
export const resourceRequirementsPatchSchema: PatchSchema = struct({ claims: mergeList('name') });
