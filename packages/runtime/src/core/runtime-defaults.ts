// SPDX-License-Identifier: Apache-2.0
// The CRD structural defaults the API server applies when a runtime is stored
// (`manifests/base/crds/trainer.kubeflow.org_clustertrainingruntimes.yaml`). A runtime read from a
// file has none of them, so the engine applies them before rendering; applying them twice is a no-op.

import type { Container, TrainingRuntime } from '../types.js';

function defaultPorts(containers: Container[] | undefined): void {
  for (const c of containers ?? []) {
    for (const p of c.ports ?? []) p.protocol ??= 'TCP';
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
    mpi.numProcPerNode ??= 1;
    mpi.mpiImplementation ??= 'OpenMPI';
    mpi.sshAuthMountPath ??= '/root/.ssh';
    mpi.runLauncherAsNode ??= false;
  }
  const flux = spec.mlPolicy?.flux;
  if (flux !== undefined) flux.numProcPerNode ??= 1;
  const coscheduling = spec.podGroupPolicy?.coscheduling;
  if (coscheduling !== undefined) coscheduling.scheduleTimeoutSeconds ??= 60;
  const topology = spec.podGroupPolicy?.volcano?.networkTopology;
  if (topology !== undefined) {
    topology.mode ??= 'hard';
    topology.highestTierAllowed ??= 1;
  }
  const jobSet = spec.template?.spec;
  if (jobSet !== undefined) {
    const failurePolicy = jobSet.failurePolicy as { restartStrategy?: string } | undefined;
    if (failurePolicy !== undefined) failurePolicy.restartStrategy ??= 'Recreate';
    for (const rJob of jobSet.replicatedJobs ?? []) {
      rJob.groupName ??= 'default';
      rJob.replicas ??= 1;
      const pod = rJob.template?.spec?.template?.spec;
      defaultPorts(pod?.containers);
      defaultPorts(pod?.initContainers);
    }
  }
  return out;
}
