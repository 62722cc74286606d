// SPDX-License-Identifier: Apache-2.0
// The kubeflow.org/v1 kinds of Training Operator v1.9.4 by name: API group, version, kinds, plurals and
// replica fields, restart policies and Go defaulting facts, without their schemas (so that a controller
// can name the kinds without loading them).

/** The API group of the Training Operator v1 kinds. */
export const V1_GROUP = 'kubeflow.org' as const;

/** The only (and storage) version of the v1 kinds. */
export const V1_VERSION = 'v1' as const;

/** `apiVersion` of every v1 object. */
export const V1_API_VERSION = 'kubeflow.org/v1' as const;

/** Kind names of the v1 API, spelled as upstream, in upstream's order. */
export const V1KindNames = {
  TFJob: 'TFJob',
  PyTorchJob: 'PyTorchJob',
  XGBoostJob: 'XGBoostJob',
  MPIJob: 'MPIJob',
  PaddleJob: 'PaddleJob',
  JAXJob: 'JAXJob',
} as const;

/** One of the Training Operator v1 kinds. */
export type V1KindName = (typeof V1KindNames)[keyof typeof V1KindNames];

/** The plural resource name of each v1 kind, such as `pytorchjobs`. */
export const V1KindPlurals: Readonly<Record<V1KindName, string>> = {
  TFJob: 'tfjobs',
  PyTorchJob: 'pytorchjobs',
  XGBoostJob: 'xgboostjobs',
  MPIJob: 'mpijobs',
  PaddleJob: 'paddlejobs',
  JAXJob: 'jaxjobs',
};

/** The replica map field of each v1 kind's spec, such as `pytorchReplicaSpecs`. */
export const V1ReplicaSpecsFields: Readonly<Record<V1KindName, string>> = {
  TFJob: 'tfReplicaSpecs',
  PyTorchJob: 'pytorchReplicaSpecs',
  XGBoostJob: 'xgbReplicaSpecs',
  MPIJob: 'mpiReplicaSpecs',
  PaddleJob: 'paddleReplicaSpecs',
  JAXJob: 'jaxReplicaSpecs',
};

/**
 * The kinds that scale their Worker replicas (scale subresource: `kubectl scale`, an HPA). Their
 * UpdateJobStatus is also the only one that writes each replica type's `selector`.
 */
export const V1ScalingKinds: ReadonlySet<V1KindName> = new Set<V1KindName>([
  'PyTorchJob',
  'PaddleJob',
  'JAXJob',
]);

/** A v1 kind as a controller watches it: group, version, kind and plural resource name. */
interface V1Kind {
  group: typeof V1_GROUP;
  version: typeof V1_VERSION;
  kind: V1KindName;
  plural: string;
}

/** The v1 kinds, in upstream's order (for the manager's configuration and RBAC). */
export const V1Kinds: readonly V1Kind[] = Object.values(V1KindNames).map((kind) => ({
  group: V1_GROUP,
  version: V1_VERSION,
  kind,
  plural: V1KindPlurals[kind],
}));

/** `replicaSpecs[*].restartPolicy` values (Training Operator v1's RestartPolicy). */
export const V1RestartPolicies = {
  Always: 'Always',
  OnFailure: 'OnFailure',
  Never: 'Never',
  ExitCode: 'ExitCode',
} as const;

/** One of {@link V1RestartPolicies}. */
export type V1RestartPolicy = (typeof V1RestartPolicies)[keyof typeof V1RestartPolicies];

/** What Training Operator v1.9.4's Go defaulting fills in for a kind's replica specs. */
interface V1KindDefaulting {
  /** The framework container (the one its port goes to and its exit code is read from), e.g. `pytorch`. */
  readonly container: string;
  /** The restart policy of a replica spec that sets none. */
  readonly restartPolicy: V1RestartPolicy;
  /** Replicas of a spec that sets none, by replica type, where not 1. */
  readonly replicas?: Readonly<Record<string, number>>;
}

/** Training Operator v1.9.4's defaulting per kind (pkg/apis/kubeflow.org/v1/*_defaults.go). */
export const V1KindDefaults: Readonly<Record<V1KindName, V1KindDefaulting>> = {
  TFJob: { container: 'tensorflow', restartPolicy: V1RestartPolicies.Never },
  PyTorchJob: { container: 'pytorch', restartPolicy: V1RestartPolicies.OnFailure },
  XGBoostJob: { container: 'xgboost', restartPolicy: V1RestartPolicies.Never },
  MPIJob: { container: 'mpi', restartPolicy: V1RestartPolicies.Never, replicas: { Worker: 0 } },
  PaddleJob: { container: 'paddle', restartPolicy: V1RestartPolicies.OnFailure },
  JAXJob: { container: 'jax', restartPolicy: V1RestartPolicies.Never },
};

/** Replicas of a `kind` replica spec of type `rtype` that sets none (1, or the kind's own default). */
export function v1DefaultReplicas(kind: V1KindName, rtype: string): number {
  return V1KindDefaults[kind].replicas?.[rtype] ?? 1;
}
