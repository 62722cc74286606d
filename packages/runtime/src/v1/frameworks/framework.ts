// SPDX-License-Identifier: Apache-2.0
// What differs between the v1 kinds, as one interface: the reconcile core (the controller's
// packages/controller/src/v1/reconcile-core.ts) is
// the same for all of them and asks the kind's Framework for names, defaults, admission rules, the env
// of each pod (upstream's SetClusterSpec) and the job conditions after pods are counted (UpdateJobStatus).
import {
  V1KindDefaults,
  V1ReplicaSpecsFields,
  v1DefaultReplicas,
  type FieldError,
  type V1KindName,
  type V1ReplicaStatus,
} from '@kubetrain/api/core';
import type { OutputSize } from '../../framework/plugin.js';
import type { V1RestartPolicy } from '../constants.js';
import type { PodTemplate, PodView, ReplicaSpecs, V1JobObject, V1Object, V1ObjectApi } from '../job-types.js';

/** An object the kind owns besides pods and Services: wanted (`object`), or to be absent. */
export interface AuxiliaryObject {
  /** Its API (the controller maps it to the resource it applies or deletes). */
  readonly api: V1ObjectApi;
  readonly name: string;
  /** The object to apply; undefined when it must not exist. */
  readonly object?: V1Object;
  /** Kept while the job is suspended (MPI's ConfigMap and RBAC); default: deleted. */
  readonly keepWhileSuspended?: boolean;
}

/** What one pod's env is computed from. */
export interface PodContext {
  readonly job: V1JobObject;
  readonly specs: ReplicaSpecs;
  /** Canonical replica type, e.g. `Worker`. */
  readonly rtype: string;
  readonly index: number;
}

/** The counts of one replica type and its spec, as UpdateJobStatus reads them. */
export interface ReplicaCounts {
  readonly replicas: number;
  readonly restartPolicy: V1RestartPolicy;
  readonly status: V1ReplicaStatus;
  /** Whether pod `<rtype>-0` terminated with phase Succeeded and exit code 0 (TFJob's worker-0 rule). */
  readonly firstSucceeded: boolean;
}

/** One condition a kind's UpdateJobStatus sets (status True), in the order it sets them. */
export interface StatusVerdict {
  readonly type: 'Running' | 'Restarting' | 'Succeeded' | 'Failed';
  readonly message: string;
  /** The reason, when not `<Kind><type>` (MPI's evictions). */
  readonly reason?: string;
}

/** What the kind decides the job's state from. */
export interface StatusContext {
  readonly job: V1JobObject;
  readonly specs: ReplicaSpecs;
  /** Counts by canonical replica type, in the kind's replica-type order. */
  readonly counts: ReadonlyMap<string, ReplicaCounts>;
  /** Whether the job's Restarting condition is True (set when this reconcile restarted a pod). */
  readonly restarting: boolean;
}

/**
 * A kind's facts as the API package holds them: its replica map field (`V1ReplicaSpecsFields`) and its
 * Go defaulting facts (`V1KindDefaults`): its container, the restart policy and the replicas of a spec
 * that sets none.
 */
export function kindFacts(
  kind: V1KindName,
): Pick<Framework, 'replicaSpecsField' | 'defaultContainer' | 'defaultRestartPolicy' | 'defaultReplicas'> {
  const facts = V1KindDefaults[kind];
  return {
    replicaSpecsField: V1ReplicaSpecsFields[kind],
    defaultContainer: facts.container,
    defaultRestartPolicy: facts.restartPolicy,
    defaultReplicas: (rtype) => v1DefaultReplicas(kind, rtype),
  };
}

/** The facts and hooks of one v1 kind. */
export interface Framework {
  readonly kind: V1KindName;
  /** The `training.kubeflow.org/operator-name` label value, e.g. `pytorchjob-controller`. */
  readonly operatorName: string;
  /** The spec field holding the replica map, e.g. `pytorchReplicaSpecs`. */
  readonly replicaSpecsField: string;
  /** Canonical replica types, in the order status and pods are reconciled. */
  readonly replicaTypes: readonly string[];
  /** The container the framework runs in, e.g. `pytorch`. */
  readonly defaultContainer: string;
  readonly defaultPortName: string;
  readonly defaultPort: number;
  readonly defaultRestartPolicy: V1RestartPolicy;
  /** The pod (and Service) name of a replica; default `<job>-<rtype>-<index>` (MPI: `<job>-launcher`). */
  podName?(job: string, rtype: string, index: number): string;
  /** Whether each replica gets a headless Service (default true; MPIJob has none). */
  readonly ownsServices?: boolean;
  /** Whether failed pods are recreated per restart policy (default true; MPIJob only creates missing ones). */
  readonly recreatesFailedPods?: boolean;
  /** Whether upstream's webhook checks of the name and `managedBy` apply (default true; MPIJob has no webhook). */
  readonly webhookRules?: boolean;
  /** Whether defaulting adds the framework port to the framework container (default true). */
  readonly addsDefaultPort?: boolean;
  /**
   * Replica types that are neither created, deleted nor counted while the job's pods are as they are
   * (MPIJob: its workers once the launcher finished, which upstream stops reconciling: their
   * replicaStatus is empty). Default: none.
   */
  idleReplicaTypes?(pods: readonly PodView[]): readonly string[];
  /**
   * Whether the pods of `rtype` carry no `replica-index` label (MPIJob's launcher, which upstream's
   * newLauncher labels without one): its one pod is index 0. Default: every pod is indexed.
   */
  unindexed?(rtype: string): boolean;
  /** Replicas when unset (1 unless the kind says otherwise). */
  defaultReplicas(rtype: string): number;
  /** Kind-specific defaults on a copy of the spec (after replicas, restart policy and ports). */
  defaultSpec?(spec: Record<string, unknown>, specs: ReplicaSpecs): void;
  /** The kind's webhook rules beyond the shared ones (name, containers, images, the framework container). */
  validate(job: V1JobObject, specs: ReplicaSpecs): FieldError[];
  /**
   * What upstream accepts but kubetrain's v1 controller cannot run (TFJob's enableDynamicWorker),
   * refused beside the webhook's rules. Default: nothing.
   */
  unsupported?(job: V1JobObject): FieldError[];
  /** Whether pod `rtype`-`index` carries `training.kubeflow.org/job-role=master`. */
  isMasterRole(specs: ReplicaSpecs, rtype: string, index: number): boolean;
  /** Sets the env (and whatever else upstream's SetClusterSpec sets) on the pod template, in place. */
  setClusterSpec(template: PodTemplate, context: PodContext): void;
  /**
   * Objects the kind owns besides pods and Services (PyTorch's HorizontalPodAutoscaler): applied while
   * the job runs, deleted while it is suspended or once it finished.
   */
  auxiliary?(job: V1JobObject, specs: ReplicaSpecs, pods: readonly PodView[]): AuxiliaryObject[];
  /** The job state after the pods are counted (upstream's per-kind UpdateJobStatus). */
  decideStatus(context: StatusContext): StatusVerdict[];
  /**
   * The sizes of what the kind writes that grows with the replicas (WORKER_ADDRS, TF_CONFIG, the MPI
   * hostfile), computed from counts and name lengths without building it (../output-limits.ts).
   */
  outputSizes?(job: V1JobObject, specs: ReplicaSpecs): OutputSize[];
}
