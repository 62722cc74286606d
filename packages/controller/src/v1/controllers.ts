// SPDX-License-Identifier: Apache-2.0
// The v1 controllers the manager runs for the kinds it is told to serve (`--enable-v1-kinds`): one
// reflector per kind, one for the pods and one for the Services of every v1 job (selected by the
// `training.kubeflow.org/operator-name` label), one controller per kind over the shared core.
import type { V1KindName } from '@kubetrain/api/core';
import type { Logger } from '@kubetrain/log';
import {
  metadataOnly,
  controllerOwner,
  controllerOwnerKey,
  objectKey,
  projection,
  Reflector,
  Store,
  type KubeClient,
  type KubeObject,
  type ReflectorMetrics,
  type ResourceRef,
} from '../cluster/kube.js';
import { EventRecorder } from '../events/event-recorder.js';
import { Controller } from '../manager/controller.js';
import type { ManagerMetrics } from '../metrics/metrics.js';
import { Frameworks, V1Labels, v1Frameworks, type GangScheduling } from '@kubetrain/runtime/v1';
import { PodGroupSync } from './pod-group-sync.js';
import { V1JobReconciler } from './reconcile-core.js';
import { V1OwnedResources, v1Resource } from './resources.js';

/** The controller name of a v1 kind, as upstream registers it (`pytorchjob-controller`). */
export function v1ControllerName(kind: V1KindName): string {
  return Frameworks[kind]!.operatorName;
}

/** What the v1 controllers are built from. */
export interface V1ControllersDeps {
  readonly client: KubeClient;
  readonly kinds: readonly V1KindName[];
  readonly metrics: ManagerMetrics;
  readonly reflectorMetrics?: ReflectorMetrics;
  readonly logger: Logger;
  readonly host: string;
  /** Only this namespace (default all). */
  readonly watchNamespace?: string;
  readonly workers?: number;
  /** `--gang-scheduler-name`: PodGroups and gang pods (default none). */
  readonly gangScheduling?: GangScheduling;
  /** `CUSTOM_CLUSTER_DOMAIN` from the environment: TFJob's TF_CONFIG hosts end `.svc.<domain>`. */
  readonly clusterDomain?: string;
}

/** The reflectors and controllers of the enabled v1 kinds. */
export interface V1Controllers {
  /** Start with the manager's reflectors; the manager waits for them before the controllers run. */
  readonly reflectors: readonly Reflector[];
  readonly controllers: readonly Controller[];
}

/** Pods keep what the core reads: metadata and status. */
const podProjection = projection(['status']);

/** Builds the v1 controllers of `deps.kinds` (none when the list is empty). */
export function createV1Controllers(deps: V1ControllersDeps): V1Controllers {
  if (deps.kinds.length === 0) return { reflectors: [], controllers: [] };
  const { client, logger } = deps;
  const scope = deps.watchNamespace !== undefined ? { namespace: deps.watchNamespace } : {};
  const reflect = (resource: ResourceRef, store: Store, extra: Record<string, unknown> = {}) =>
    new Reflector({
      client,
      resource,
      store,
      logger,
      ...(deps.reflectorMetrics !== undefined ? { metrics: deps.reflectorMetrics } : {}),
      ...scope,
      ...extra,
    });
  const pods = new Store({ logger });
  const services = new Store({ logger });
  const reflectors: Reflector[] = [
    reflect(V1OwnedResources.Pod, pods, { labelSelector: V1Labels.OperatorName, transform: podProjection }),
    reflect(V1OwnedResources.Service, services, {
      labelSelector: V1Labels.OperatorName,
      transform: metadataOnly,
    }),
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
    reflectors.push(reflect(resource, jobs));
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
  return { reflectors, controllers };
}
