// SPDX-License-Identifier: Apache-2.0
// The runtimes of the jobs list, for the GPUs of a TrainJob that takes them from its runtime: the
// hub's shared watches of ClusterTrainingRuntimes and TrainingRuntimes keep each runtime reduced to
// what @kubetrain/runtime's requestedGpus reads (nodes, the node container's resources); the list
// looks a job's runtime up by its runtimeRef.

import { ContainerNames, Kinds } from '@kubetrain/api/core';
import type { KubeObject } from '@kubetrain/kube';
import {
  requestedGpus,
  runtimeKeyOf,
  runtimeResourcesPerNode,
  type UsageRuntimeSpec,
  type UsageTrainJob,
} from '@kubetrain/runtime';

/** A runtime as the watch keeps it: its name and the spec {@link requestedGpus} reads. */
export interface RuntimeFacts extends KubeObject {
  spec?: UsageRuntimeSpec;
}

/**
 * What the watch keeps of a runtime (a reflector transform): name, namespace, resourceVersion, the
 * `mlPolicy.numNodes` and the node container's resources, as a one-container runtime spec.
 */
export function runtimeFacts(object: KubeObject): RuntimeFacts {
  const spec = (object as RuntimeFacts).spec;
  const resources = runtimeResourcesPerNode(spec);
  const numNodes = spec?.mlPolicy?.numNodes;
  const { name, namespace, resourceVersion } = object.metadata ?? {};
  const node = ContainerNames.Node;
  return {
    ...(object.apiVersion !== undefined ? { apiVersion: object.apiVersion } : {}),
    ...(object.kind !== undefined ? { kind: object.kind } : {}),
    metadata: {
      ...(name !== undefined ? { name } : {}),
      ...(namespace !== undefined ? { namespace } : {}),
      ...(resourceVersion !== undefined ? { resourceVersion } : {}),
    },
    spec: {
      ...(numNodes !== undefined ? { mlPolicy: { numNodes } } : {}),
      ...(resources !== undefined
        ? {
            template: {
              spec: {
                replicatedJobs: [
                  {
                    name: node,
                    template: { spec: { template: { spec: { containers: [{ name: node, resources }] } } } },
                  },
                ],
              },
            },
          }
        : {}),
    },
  } as RuntimeFacts;
}

/** The key of a runtime: `ClusterTrainingRuntime/<name>` or `TrainingRuntime/<namespace>/<name>`. */
export function runtimeKey(kind: string, namespace: string, name: string): string {
  return kind === Kinds.TrainingRuntime ? `${kind}/${namespace}/${name}` : `${kind}/${name}`;
}

/** The key of the runtime `job` names. */
export function runtimeKeyOfJob(job: UsageTrainJob): string {
  const { kind, name } = runtimeKeyOf(job);
  return runtimeKey(kind, job.metadata?.namespace ?? '', name);
}

/** The key of a watched runtime object of `kind`. */
export function runtimeKeyOfObject(kind: string, runtime: KubeObject): string {
  return runtimeKey(kind, runtime.metadata?.namespace ?? '', runtime.metadata?.name ?? '');
}

/** The runtimes by key, as a list's tab knows them (references to the watches' objects). */
export class RuntimeTable {
  private readonly runtimes = new Map<string, UsageRuntimeSpec | undefined>();

  set(kind: string, runtime: RuntimeFacts): void {
    this.runtimes.set(runtimeKeyOfObject(kind, runtime), runtime.spec);
  }

  delete(kind: string, runtime: KubeObject): void {
    this.runtimes.delete(runtimeKeyOfObject(kind, runtime));
  }

  /** GPUs `job` requests, its runtime's when it sets none itself (0 when the runtime is unknown). */
  gpusOf(job: UsageTrainJob): number {
    return requestedGpus(job, this.runtimes.get(runtimeKeyOfJob(job)));
  }
}
