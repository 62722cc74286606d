// SPDX-License-Identifier: Apache-2.0
// The CRD structural defaults the API server applies when a runtime is stored
// (`manifests/base/crds/trainer.kubeflow.org_clustertrainingruntimes.yaml`). A runtime read from a
// file has none of them, so the engine applies them before rendering; applying them twice is a no-op.

import { MPIImplementations } from '@kubetrain/api';
import type { Container, TrainingRuntime } from '../types.js';

/**
 * The CRD defaults the engine applies, as the runtime CRDs declare them (`default:` in
 * @kubetrain/api's schemas; the JobSet and core/v1 ones in the embedded upstream fragments).
 */
export const CrdDefaults = {
  /** `replicatedJobs[].groupName`. */
  groupName: 'default',
  /** `replicatedJobs[].replicas`. */
  replicas: 1,
  /** `failurePolicy.restartStrategy`. */
  restartStrategy: 'Recreate',
  /** Container `ports[].protocol`. */
  portProtocol: 'TCP',
  /** `mlPolicy.mpi.numProcPerNode` and `mlPolicy.flux.numProcPerNode`. */
  numProcPerNode: 1,
  /** `mlPolicy.mpi.mpiImplementation`. */
  mpiImplementation: MPIImplementations.OpenMPI,
  /** `mlPolicy.mpi.sshAuthMountPath`. */
  sshAuthMountPath: '/root/.ssh',
  /** `mlPolicy.mpi.runLauncherAsNode`. */
  runLauncherAsNode: false,
  /** `podGroupPolicy.coscheduling.scheduleTimeoutSeconds`. */
  scheduleTimeoutSeconds: 60,
  /** `podGroupPolicy.volcano.networkTopology.mode`. */
  networkTopologyMode: 'hard',
  /** `podGroupPolicy.volcano.networkTopology.highestTierAllowed`. */
  highestTierAllowed: 1,
} as const;

function defaultPorts(containers: Container[] | undefined): void {
  for (const c of containers ?? []) {
    for (const p of c.ports ?? []) p.protocol ??= CrdDefaults.portProtocol;
  }
}

/**
 * Returns a copy of `runtime` with the CRD defaults applied: replicatedJobs `groupName: default`
 * and `replicas: 1`; `failurePolicy.restartStrategy: Recreate` when a failurePolicy is set;
 * container port `protocol: TCP`; MPI `numProcPerNode: 1`, `mpiImplementation: OpenMPI`,
 * `sshAuthMountPath: /root/.ssh`, `runLauncherAsNode: false`; Flux `numProcPerNode: 1`;
 * coscheduling `scheduleTimeoutSeconds: 60`; Volcano networkTopology `mode: hard`,
 * `highestTierAllowed: 1` when set.
 */
export function applyRuntimeDefaults<T extends TrainingRuntime>(runtime: T): T {
  const out = structuredClone(runtime);
  const spec = out.spec;
  const mpi = spec.mlPolicy?.mpi;
  if (mpi !== undefined) {
    mpi.numProcPerNode ??= CrdDefaults.numProcPerNode;
    mpi.mpiImplementation ??= CrdDefaults.mpiImplementation;
    mpi.sshAuthMountPath ??= CrdDefaults.sshAuthMountPath;
    mpi.runLauncherAsNode ??= CrdDefaults.runLauncherAsNode;
  }
  const flux = spec.mlPolicy?.flux;
  if (flux !== undefined) flux.numProcPerNode ??= CrdDefaults.numProcPerNode;
  const coscheduling = spec.podGroupPolicy?.coscheduling;
  if (coscheduling !== undefined) coscheduling.scheduleTimeoutSeconds ??= CrdDefaults.scheduleTimeoutSeconds;
  const topology = spec.podGroupPolicy?.volcano?.networkTopology;
  if (topology !== undefined) {
    topology.mode ??= CrdDefaults.networkTopologyMode;
    topology.highestTierAllowed ??= CrdDefaults.highestTierAllowed;
  }
  const jobSet = spec.template?.spec;
  if (jobSet !== undefined) {
    const failurePolicy = jobSet.failurePolicy;
    if (failurePolicy !== undefined) failurePolicy.restartStrategy ??= CrdDefaults.restartStrategy;
    for (const rJob of jobSet.replicatedJobs ?? []) {
      rJob.groupName ??= CrdDefaults.groupName;
      rJob.replicas ??= CrdDefaults.replicas;
      const pod = rJob.template?.spec?.template?.spec;
      defaultPorts(pod?.containers);
      defaultPorts(pod?.initContainers);
    }
  }
  return out;
}
