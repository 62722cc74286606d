// SPDX-License-Identifier: Apache-2.0
// The v1 controllers set up for the kinds the manager is told to serve (`--enable-v1-kinds`): a
// watch per kind, one of the pods and one of the Services of every v1 job (selected by the
// `training.kubeflow.org/operator-name` label), one controller per kind over the shared core, and
// the handlers that wake a job on its pods' and Services' changes.
import type { V1KindName } from '@kubetrain/api/core';
import type { Logger } from '@kubetrain/log';
import {
  metadataOnly,
  controllerOwner,
  controllerOwnerKey,
  objectKey,
  projection,
  Store,
  type KubeApi,
  type KubeObject,
} from '../cluster/kube.js';
import { EventRecorder } from '../events/event-recorder.js';
import { Controller } from '../manager/controller.js';
import type { ControllerSetup, Watch } from '../manager/controller-setup.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { V1Labels, v1Frameworks, type GangScheduling } from '@kubetrain/runtime/v1';
import { PodGroupSync } from './pod-group-sync.js';
import { V1JobReconciler } from './reconcile-core.js';
import { V1OwnedResources, v1Resource } from './resources.js';

/** What the v1 controllers are set up with. */
export interface V1SetupDeps {
  readonly client: KubeApi;
  readonly kinds: readonly V1KindName[];
  readonly metrics: ManagerMetrics;
  readonly logger: Logger;
  readonly host: string;
  readonly workers?: number;
  /** `--gang-scheduler-name`: PodGroups and gang pods (default none). */
  readonly gangScheduling?: GangScheduling;
  /** `CUSTOM_CLUSTER_DOMAIN` from the environment: TFJob's TF_CONFIG hosts end `.svc.<domain>`. */
  readonly clusterDomain?: string;
}

/** Pods keep what the core reads: metadata and status. */
const podProjection = projection(['status']);

/**
 * Sets up the v1 controllers of `deps.kinds` (none when the list is empty). Their CRDs may be
 * missing: the other controllers do not wait for their watches (`gatesStart` false), and a missing
 * one stops only these.
 */
export function setupV1Controllers(deps: V1SetupDeps): ControllerSetup {
  const none: ControllerSetup = { name: 'v1', watches: [], controllers: [], gatesStart: false };
  if (deps.kinds.length === 0) return none;
  const { client, logger } = deps;
  const pods = new Store({ logger });
  const services = new Store({ logger });
  const watches: Watch[] = [
    {
      resource: V1OwnedResources.Pod,
      store: pods,
      labelSelector: V1Labels.OperatorName,
      transform: podProjection,
    },
    {
      resource: V1OwnedResources.Service,
      store: services,
      labelSelector: V1Labels.OperatorName,
      transform: metadataOnly,
    },
  ];
  const controllers: Controller[] = [];
  const byKind = new Map<string, { controller: Controller; reconciler: V1JobReconciler }>();
  const frameworks = v1Frameworks(
    deps.clusterDomain !== undefined ? { clusterDomain: deps.clusterDomain } : {},
  );
  for (const kind of deps.kinds) {
    const framework = frameworks[kind]!;
    const jobs = new Store({ logger });
    const resource = v1Resource(kind);
    watches.push({ resource, store: jobs });
    const events = new EventRecorder(
      client,
      framework.operatorName,
      `${framework.operatorName}-${deps.host}`,
      logger,
    );
    const reconciler = new V1JobReconciler({
      client,
      framework,
      resource,
      jobs,
      pods,
      services,
      events,
      logger,
      ...(deps.gangScheduling !== undefined
        ? { podGroups: new PodGroupSync(client, deps.gangScheduling) }
        : {}),
    });
    const controller = new Controller(
      framework.operatorName,
      (key) => reconciler.reconcile(key),
      deps.workers ?? 1,
      deps.metrics,
      logger,
    );
    const enqueue = (o: KubeObject) => controller.enqueue(objectKey(o));
    jobs.addHandler({
      onAdd: enqueue,
      onUpdate: (_old, o) => enqueue(o),
      onDelete: (o) => {
        reconciler.forget(o.metadata?.uid);
        enqueue(o);
      },
    });
    controllers.push(controller);
    byKind.set(kind, { controller, reconciler });
  }
  // Pods and Services wake their job (the controller owner reference names kind and name).
  const ownerKey = (o: KubeObject) => {
    const owner = controllerOwner(o);
    const entry = owner === undefined ? undefined : byKind.get(owner.kind);
    const key = controllerOwnerKey(o);
    return entry === undefined || key === undefined ? undefined : { entry, key };
  };
  const wake = (o: KubeObject) => {
    const found = ownerKey(o);
    if (found !== undefined) found.entry.controller.enqueue(found.key);
  };
  pods.addHandler({
    onAdd: wake,
    onUpdate: (_old, o) => wake(o),
    onDelete: (o) => {
      ownerKey(o)?.entry.reconciler.forget(undefined, o.metadata?.uid);
      wake(o);
    },
  });
  services.addHandler({ onDelete: wake });
  return { ...none, watches, controllers };
}
