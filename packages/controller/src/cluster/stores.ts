// SPDX-License-Identifier: Apache-2.0
// The stores the manager's reflectors fill, and the index of TrainJobs by the runtime they name.

import { Kinds } from '@kubetrain/api/core';
import { metadataOnly, projection, Store, type KubeObject, type Logger } from './kube.js';

/** Index of the TrainJob store: `<Kind>/<namespace>/<name>` of the runtime a TrainJob names. */
export const RUNTIME_REF_INDEX = 'runtimeRef';

/** The value {@link RUNTIME_REF_INDEX} holds for a runtime (namespace `''` for ClusterTrainingRuntimes). */
export function runtimeRefValue(kind: string, namespace: string, name: string): string {
  return `${kind}/${kind === Kinds.ClusterTrainingRuntime ? '' : namespace}/${name}`;
}

interface RuntimeRefView {
  metadata?: { namespace?: string };
  spec?: { runtimeRef?: { name?: string; kind?: string; apiGroup?: string } };
}

/** The runtime a TrainJob names, as an index value (the CRD default kind is ClusterTrainingRuntime). */
function trainJobRuntimeRef(object: KubeObject): string[] {
  const tj = object as RuntimeRefView;
  const ref = tj.spec?.runtimeRef;
  if (ref?.name === undefined) return [];
  return [runtimeRefValue(ref.kind ?? Kinds.ClusterTrainingRuntime, tj.metadata?.namespace ?? '', ref.name)];
}

/** What the JobSet store keeps: metadata, `spec.suspend` and status (about 1 KB instead of 12). */
export const jobSetProjection = projection(['spec.suspend', 'status']);

/**
 * What the ConfigMap store keeps: metadata only, the same whether the object came whole (a write's
 * response) or as the PartialObjectMetadata the reflector asks for.
 */
export function configMapMetadata(object: KubeObject): KubeObject {
  return { ...metadataOnly(object), apiVersion: 'v1', kind: 'ConfigMap' };
}

/** Every store of the manager. Cached objects are shared: never mutate them. */
export interface ManagerStores {
  /** TrainJobs, managedFields stripped; indexed by {@link RUNTIME_REF_INDEX}. */
  readonly trainJobs: Store;
  readonly trainingRuntimes: Store;
  readonly clusterTrainingRuntimes: Store;
  /** JobSets: metadata, `spec.suspend` and status only. */
  readonly jobSets: Store;
  /** ConfigMaps with kubetrain's label: metadata only. Secrets have no store: never read. */
  readonly configMaps: Store;
}

/** Creates the empty stores. */
export function createStores(logger: Logger, freeze = false): ManagerStores {
  const options = { logger, freeze };
  return {
    trainJobs: new Store({ ...options, indexers: { [RUNTIME_REF_INDEX]: trainJobRuntimeRef } }),
    trainingRuntimes: new Store(options),
    clusterTrainingRuntimes: new Store(options),
    jobSets: new Store(options),
    configMaps: new Store(options),
  };
}
