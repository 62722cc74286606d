// SPDX-License-Identifier: Apache-2.0
// The TrainingRuntime and ClusterTrainingRuntime controllers set up: their watches (which also fill
// the stores the TrainJob controller resolves runtimes from), their reconcilers (the finalizer of a
// runtime in use), and the handler that requeues the TrainJobs waiting for a runtime that appears.

import { ControllerNames, Kinds, type TrainJob } from '@kubetrain/api/core';
import { objectKey, splitKey, type KubeApi, type KubeObject, type Logger } from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import { RUNTIME_REF_INDEX, runtimeRefValue, type ManagerStores } from '../cluster/stores.js';
import { isFinished, runtimeSnapshotName } from '../engine/engine-port.js';
import { Controller } from '../manager/controller.js';
import type { ControllerSetup } from '../manager/controller-setup.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { RuntimeReconciler } from './runtime-reconciler.js';

/** What the runtime controllers are set up with; `trainJobs` is the TrainJob queue they requeue. */
export interface RuntimeSetupDeps {
  readonly client: KubeApi;
  readonly stores: ManagerStores;
  readonly metrics: ManagerMetrics;
  readonly logger: Logger;
  readonly trainJobs: Controller;
}

/** Sets up both runtime controllers (see the module comment). */
export function setupRuntimeControllers(deps: RuntimeSetupDeps): ControllerSetup {
  const { client, stores, metrics, logger, trainJobs } = deps;
  const kinds = [
    [
      Kinds.TrainingRuntime,
      ControllerNames.TrainingRuntime,
      ManagerResources.TrainingRuntime,
      stores.trainingRuntimes,
    ],
    [
      Kinds.ClusterTrainingRuntime,
      ControllerNames.ClusterTrainingRuntime,
      ManagerResources.ClusterTrainingRuntime,
      stores.clusterTrainingRuntimes,
    ],
  ] as const;
  const controllers = kinds.map(([kind, name, resource, store]) => {
    const reconciler = new RuntimeReconciler(client, resource, store);
    const controller = new Controller(name, (k) => reconciler.reconcile(k), 1, metrics, logger);
    const changed = (object: KubeObject) => {
      controller.enqueue(objectKey(object));
      // TrainJobs that wait for this runtime converge now: those with no snapshot in the store (none
      // yet, or upstream's, which the store does not see; once read, that one is kept in memory and
      // such a job costs no request).
      const value = runtimeRefValue(kind, object.metadata?.namespace ?? '', object.metadata?.name ?? '');
      for (const key of stores.trainJobs.keysByIndex(RUNTIME_REF_INDEX, value)) {
        const { namespace, name: job } = splitKey(key);
        // A finished job waits for nothing (a restarted manager's initial lists would queue them all).
        if (isFinished((stores.trainJobs.get(key) as TrainJob | undefined)?.status)) continue;
        if (
          stores.configMaps.getByName(namespace, runtimeSnapshotName({ metadata: { name: job } })) ===
          undefined
        )
          trainJobs.enqueue(key);
      }
    };
    store.addHandler({ onAdd: changed, onUpdate: (_old, o) => changed(o) });
    return controller;
  });
  return {
    name: 'runtimes',
    watches: kinds.map(([, , resource, store]) => ({ resource, store })),
    controllers,
    gatesStart: true,
  };
}
