// SPDX-License-Identifier: Apache-2.0
// GPUs a v1 job requests, from its replica specs alone (pure): per replica type, its replicas × the
// GPUs of one pod (each container's GPUs by upstream's `GetNumGPUPerNode` rule, summed), as the
// dashboard's jobs list shows them beside the TrainJobs' (../usage/gpu-usage.ts).

import { v1DefaultReplicas, type V1KindName } from '@kubetrain/api/core';
import { getNumGPUPerNode } from '../core/resources.js';
import type { ResourceRequirements } from '../types.js';

/** What the count reads of one replica spec. */
export interface GpuReplicaSpec {
  readonly replicas?: number;
  readonly template?: {
    readonly spec?: { readonly containers?: readonly { readonly resources?: ResourceRequirements }[] };
  };
}

/** Replicas of each type of `specs` (a spec without replicas: the kind's default, as upstream defaults it). */
export function v1ReplicaCounts(
  kind: V1KindName,
  specs: Readonly<Record<string, GpuReplicaSpec>>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(specs).map(([rtype, spec]) => [
      rtype,
      Math.max(0, spec.replicas ?? v1DefaultReplicas(kind, rtype)),
    ]),
  );
}

/** GPUs of one pod of `spec`: the sum of its containers' ({@link getNumGPUPerNode} each). */
function podGpus(spec: GpuReplicaSpec): number {
  return (spec.template?.spec?.containers ?? []).reduce((sum, c) => sum + getNumGPUPerNode(c.resources), 0);
}

/** GPUs the job requests: Σ over replica types of replicas × GPUs per pod. 0 for a job without GPUs. */
export function v1RequestedGpus(kind: V1KindName, specs: Readonly<Record<string, GpuReplicaSpec>>): number {
  const counts = v1ReplicaCounts(kind, specs);
  return Object.entries(specs).reduce((sum, [rtype, spec]) => sum + (counts[rtype] ?? 0) * podGpus(spec), 0);
}
