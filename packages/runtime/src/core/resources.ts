// SPDX-License-Identifier: Apache-2.0
// Resource helpers with upstream's semantics (`pkg/util/trainingruntime`, `pkg/runtime/runtime.go`).

import { AncestorSteps, ContainerNames, type ReplicatedJob } from '@kubetrain/api/core';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import { resourceRequirementsPatchSchema, strategicMergePatch } from '../smp/index.js';
import { ancestorOf } from '../util/replicated-job.js';
import type { PodSpec, ResourceRequirements, TrainJob } from '../types.js';
import {
  addToResourceList,
  compareQuantities,
  formatResourceList,
  parseQuantity,
  quantityValue,
  type Quantity,
} from '../util/quantity.js';

/**
 * Merges `patch` into `base` as a strategic merge patch of ResourceRequirements (`../smp/`, with
 * {@link resourceRequirementsPatchSchema}): `limits` and `requests` overlay per resource name,
 * `claims` merge by name. Returns a new object; neither input is changed.
 */
export function mergeResourceRequirements(
  base: ResourceRequirements | undefined,
  patch: ResourceRequirements,
): ResourceRequirements {
  return strategicMergePatch(base ?? {}, patch, resourceRequirementsPatchSchema);
}

/**
 * The per-node resources of a runtime's replicated jobs (`ExtractResourcePerNodeFromRuntime`): the
 * `node` container of the first replicatedJob named `node` or with ancestor `trainer`.
 */
export function nodeResourcesOf(
  replicatedJobs: readonly ReplicatedJob[] | undefined,
): ResourceRequirements | undefined {
  for (const rJob of replicatedJobs ?? []) {
    if (rJob.name !== ContainerNames.Node && ancestorOf(rJob) !== AncestorSteps.Trainer) continue;
    const node = rJob.template?.spec?.template?.spec?.containers?.find((c) => c.name === ContainerNames.Node);
    if (node !== undefined) return node.resources ?? {};
  }
  return undefined;
}

/** The runtime's per-node resources, from the spec in `info` ({@link nodeResourcesOf}). */
function extractResourcesPerNodeFromRuntime(info: RuntimeInfo): ResourceRequirements | undefined {
  return nodeResourcesOf(info.templateSpec.spec.replicatedJobs);
}

/**
 * The resources plugins derive counts from: `spec.trainer.resourcesPerNode` verbatim when set
 * (not merged with the runtime's), else the runtime's.
 */
export function effectiveResourcesPerNode(
  info: RuntimeInfo,
  trainJob: TrainJob,
): ResourceRequirements | undefined {
  return trainJob.spec.trainer?.resourcesPerNode ?? extractResourcesPerNodeFromRuntime(info);
}

function gpuFrom(list: Record<string, string | number> | undefined): number {
  for (const [name, value] of Object.entries(list ?? {})) {
    if (name.toLowerCase().includes('gpu')) return quantityValue(parseQuantity(value));
  }
  return 0;
}

/**
 * GPUs per node (`GetNumGPUPerNode`): the first resource whose name contains `gpu` in `requests`,
 * or if that gives 0, in `limits`.
 */
export function getNumGPUPerNode(resources: ResourceRequirements | undefined): number {
  if (resources === undefined) return 0;
  const fromRequests = gpuFrom(resources.requests);
  return fromRequests !== 0 ? fromRequests : gpuFrom(resources.limits);
}

/** CPUs per node rounded up: `requests.cpu` if present and non-zero, else `limits.cpu`, else 0. */
export function getNumCPUPerNode(resources: ResourceRequirements | undefined): number {
  const request = resources?.requests?.cpu;
  if (request !== undefined) {
    const v = quantityValue(parseQuantity(request));
    if (v !== 0) return v;
  }
  const limit = resources?.limits?.cpu;
  return limit === undefined ? 0 : quantityValue(parseQuantity(limit));
}

function addList(into: Map<string, Quantity>, list: Record<string, string | number> | undefined): void {
  for (const [name, value] of Object.entries(list ?? {})) addToResourceList(into, name, parseQuantity(value));
}

/**
 * Requests of one pod (Kubernetes `PodRequests`): per resource, the larger of the containers' sum
 * and the largest init container, plus pod overhead. Printed canonically, keys sorted.
 */
export function podRequests(spec: PodSpec | undefined): Record<string, string> {
  const sum = new Map<string, Quantity>();
  for (const c of spec?.containers ?? []) addList(sum, c.resources?.requests);
  for (const c of spec?.initContainers ?? []) {
    for (const [name, value] of Object.entries(c.resources?.requests ?? {})) {
      const q = parseQuantity(value);
      const prev = sum.get(name);
      if (prev === undefined || compareQuantities(q, prev) > 0) sum.set(name, q);
    }
  }
  addList(sum, spec?.overhead);
  return formatResourceList(sum);
}
