// SPDX-License-Identifier: Apache-2.0
// What one v1 reconcile passes between its steps: the reconciler's dependencies, and the state one
// reconcile builds up (the job as defaulted, its replica specs, the status being written, its pods and
// Services as cached, the events to record once the status is written, the others' objects it waits for).
import type { V1JobStatus } from '@kubetrain/api/core';
import type { Logger } from '@kubetrain/log';
import type { KubeApi, KubeObject, ResourceRef, Store } from '../cluster/kube.js';
import type { Framework, PodView, ReplicaSpecs, V1JobObject } from '@kubetrain/runtime/v1';
import type { EventRecorder } from '../events/event-recorder.js';
import type { PodGroupSync } from './pod-group-sync.js';

/** What a v1 reconciler needs. */
export interface V1ReconcilerDeps {
  readonly client: KubeApi;
  readonly framework: Framework;
  /** The kind's resource (`kubeflow.org/v1` `pytorchjobs`, ...). */
  readonly resource: ResourceRef;
  readonly jobs: Store;
  /** Pods with the `training.kubeflow.org/operator-name` label (metadata and status). */
  readonly pods: Store;
  /** Services with that label (metadata). */
  readonly services: Store;
  readonly events: EventRecorder;
  readonly logger: Logger;
  readonly now?: () => Date;
  /** The PodGroups, when `--gang-scheduler-name` turns gang scheduling on. */
  readonly podGroups?: PodGroupSync;
}

/** An event to record after the status is written. */
export interface PassEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly note: string;
}

/** The state one reconcile builds up. */
export interface Pass {
  readonly job: V1JobObject;
  readonly specs: ReplicaSpecs;
  /** The status being built; written once, at the end, when it changed. */
  readonly status: V1JobStatus;
  readonly now: Date;
  readonly pods: PodView[];
  readonly services: KubeObject[];
  /** Events to record after the status is written. */
  readonly events: PassEvent[];
  /** Objects of others with the names of pods or Services the job wants: not created, waited for. */
  readonly blocked: KubeObject[];
}

/** What a step returns to the controller: when to look at the job again, if at all. */
export interface Requeue {
  requeueAfterMs?: number;
}

/** The kind's event and condition reason ending in `suffix` (`PyTorchJob` + `Failed`). */
export function reasonOf(framework: Framework, suffix: string): string {
  return `${framework.kind}${suffix}`;
}

/** The replica types of `specs`, the framework's own first in its order, then the others. */
export function replicaOrder(framework: Framework, specs: ReplicaSpecs): string[] {
  return [
    ...framework.replicaTypes.filter((t) => specs[t] !== undefined),
    ...Object.keys(specs).filter((t) => !framework.replicaTypes.includes(t)),
  ];
}
