// SPDX-License-Identifier: Apache-2.0
// What the admission handlers read from the cluster, behind one port: the referenced runtime, the
// TrainJob's runtime snapshot ConfigMap, its JobSet, the PriorityClasses. The manager's
// implementation reads through the API client (a GET per request, always current).

import { TrainerResourceRefs, type JobSet } from '@kubetrain/api/core';
import type { RuntimeInput } from '@kubetrain/runtime';
import { isNotFound, resourceRef, type KubeClient, type KubeObject } from '../cluster/kube.js';

/** Reads of the admission handlers; each resolves undefined when the object does not exist. */
export interface AdmissionLookups {
  trainingRuntime(namespace: string, name: string): Promise<RuntimeInput | undefined>;
  clusterTrainingRuntime(name: string): Promise<RuntimeInput | undefined>;
  configMap(namespace: string, name: string): Promise<KubeObject | undefined>;
  jobSet(namespace: string, name: string): Promise<JobSet | undefined>;
  /** The names of every PriorityClass. */
  priorityClassNames(): Promise<Set<string>>;
}

const refs = {
  TrainingRuntime: TrainerResourceRefs.TrainingRuntime,
  ClusterTrainingRuntime: TrainerResourceRefs.ClusterTrainingRuntime,
  ConfigMap: resourceRef('v1', 'configmaps', 'ConfigMap'),
  JobSet: resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet'),
  PriorityClass: resourceRef('scheduling.k8s.io/v1', 'priorityclasses', 'PriorityClass', false),
};

async function orUndefined<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** {@link AdmissionLookups} through the API client. */
export function clientLookups(client: KubeClient): AdmissionLookups {
  return {
    trainingRuntime: (namespace, name) =>
      orUndefined(client.get(refs.TrainingRuntime, name, { namespace })) as Promise<RuntimeInput | undefined>,
    clusterTrainingRuntime: (name) =>
      orUndefined(client.get(refs.ClusterTrainingRuntime, name)) as Promise<RuntimeInput | undefined>,
    configMap: (namespace, name) => orUndefined(client.get(refs.ConfigMap, name, { namespace })),
    jobSet: (namespace, name) =>
      orUndefined(client.get(refs.JobSet, name, { namespace })) as Promise<JobSet | undefined>,
    async priorityClassNames() {
      const list = await client.list(refs.PriorityClass, { metadataOnly: true });
      return new Set(list.items.map((item) => item.metadata?.name ?? ''));
    },
  };
}
