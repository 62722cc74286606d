// SPDX-License-Identifier: Apache-2.0
// MPIJob (kubeflow/training-operator: pkg/controller.v1/mpi, pkg/apis/kubeflow.org/v1/mpi_validation.go):
// the kubectl-exec launcher of MPI Operator "v1". One launcher pod `<job>-launcher` and worker pods
// `<job>-worker-<i>`, no Services; the ConfigMap `<job>-config` (hostfile, kubexec.sh, discover_hosts.sh)
// mounted at /etc/mpi; kubectl delivered to /opt/kube by an init container; a ServiceAccount, Role and
// RoleBinding `<job>-launcher` that let the launcher exec into the workers (mpi-config.ts,
// mpi-auxiliary.ts). The launcher decides.
import { fieldPath, invalid, required, type FieldError } from '@kubetrain/api/core';
import { V1RestartPolicies } from '../constants.js';
import type { Container, EnvVar, PodTemplate, ReplicaSpecs, V1JobObject } from '../job-types.js';
import {
  kindFacts,
  type Framework,
  type PodContext,
  type StatusContext,
  type StatusVerdict,
} from './framework.js';
import { V1Messages } from './messages.js';
import { launcherServiceAccount, mpiAuxiliary } from './mpi-auxiliary.js';
import {
  CONFIG_MOUNT,
  DISCOVER_HOSTS,
  HOSTFILE,
  isGPULauncher,
  KUBECTL_MOUNT,
  KUBEXEC,
  LAUNCHER,
  launcherFinished,
  mpiConfigSizes,
  WORKER,
} from './mpi-config.js';

/** The image of the `kubectl-delivery` init container (v1.9.4's `--mpi-kubectl-delivery-image` default). */
const MPI_KUBECTL_DELIVERY_IMAGE = 'ghcr.io/kubeflow/training-v1/kubectl-delivery:latest';

const CONFIG_VOLUME = 'mpi-job-config';
const KUBECTL_VOLUME = 'mpi-job-kubectl';

function hasEnv(c: Container, name: string): boolean {
  return (c.env ?? []).some((e) => e.name === name);
}

function configVolume(job: V1JobObject, items: Array<[string, number]>) {
  return {
    name: CONFIG_VOLUME,
    configMap: {
      name: `${job.metadata?.name}-config`,
      items: items.map(([key, mode]) => ({ key, path: key, mode })),
    },
  };
}

function setClusterSpec(template: PodTemplate, { job, specs, rtype }: PodContext): void {
  const spec = template.spec;
  const first = spec.containers[0];
  if (first === undefined) return;
  if (rtype === WORKER) {
    if ((first.command ?? []).length === 0) {
      first.command = ['sleep'];
      first.args = ['365d'];
    }
    first['volumeMounts'] = [
      ...((first['volumeMounts'] as unknown[]) ?? []),
      { name: CONFIG_VOLUME, mountPath: CONFIG_MOUNT },
    ];
    spec['volumes'] = [...((spec['volumes'] as unknown[]) ?? []), configVolume(job, [[KUBEXEC, 0o555]])];
    return;
  }
  spec['serviceAccountName'] = launcherServiceAccount(specs, job).name;
  const mounts = [
    { name: KUBECTL_VOLUME, mountPath: KUBECTL_MOUNT },
    { name: CONFIG_VOLUME, mountPath: CONFIG_MOUNT },
  ];
  spec.initContainers = [
    ...(spec.initContainers ?? []),
    {
      name: 'kubectl-delivery',
      image: MPI_KUBECTL_DELIVERY_IMAGE,
      imagePullPolicy: 'IfNotPresent',
      env: [
        { name: 'TARGET_DIR', value: KUBECTL_MOUNT },
        { name: 'NAMESPACE', value: job.metadata?.namespace ?? '' },
      ],
      volumeMounts: mounts,
      resources: {
        limits: { cpu: '100m', memory: '512Mi', 'ephemeral-storage': '5Gi' },
        requests: { cpu: '100m', memory: '512Mi', 'ephemeral-storage': '5Gi' },
      },
    },
  ];
  // In newLauncher's order: OpenMPI's, the GPU blanking, then Intel MPI's unless the user set them.
  const env: EnvVar[] = [
    { name: 'OMPI_MCA_plm_rsh_agent', value: `${CONFIG_MOUNT}/${KUBEXEC}` },
    { name: 'OMPI_MCA_orte_default_hostfile', value: `${CONFIG_MOUNT}/${HOSTFILE}` },
  ];
  if (!isGPULauncher(specs))
    env.push(
      { name: 'NVIDIA_VISIBLE_DEVICES', value: '' },
      { name: 'NVIDIA_DRIVER_CAPABILITIES', value: '' },
    );
  if (!hasEnv(first, 'I_MPI_HYDRA_BOOTSTRAP')) env.push({ name: 'I_MPI_HYDRA_BOOTSTRAP', value: 'rsh' });
  if (!hasEnv(first, 'I_MPI_HYDRA_BOOTSTRAP_EXEC'))
    env.push({ name: 'I_MPI_HYDRA_BOOTSTRAP_EXEC', value: `${CONFIG_MOUNT}/${KUBEXEC}` });
  first.env = [...(first.env ?? []), ...env];
  first['volumeMounts'] = [...((first['volumeMounts'] as unknown[]) ?? []), ...mounts];
  spec['volumes'] = [
    ...((spec['volumes'] as unknown[]) ?? []),
    { name: KUBECTL_VOLUME, emptyDir: {} },
    configVolume(job, [
      [KUBEXEC, 0o555],
      [HOSTFILE, 0o444],
      [DISCOVER_HOSTS, 0o555],
    ]),
  ];
}

/** Upstream's `ValidateV1MpiJobSpec` (run by the reconciler: MPIJob has no webhook). */
function validate(job: V1JobObject, specs: ReplicaSpecs): FieldError[] {
  const base = fieldPath('spec', 'mpiReplicaSpecs');
  if (job.spec['mpiReplicaSpecs'] === undefined) return [required(base, 'MPIReplicaSpecs is not valid')];
  const errors: FieldError[] = [];
  for (const [rtype, spec] of Object.entries(specs)) {
    const containers = (spec.template as PodTemplate | undefined)?.spec?.containers ?? [];
    const path = base.key(rtype);
    if (containers.length === 0)
      errors.push(
        required(
          path.child('template', 'spec', 'containers'),
          `MPIReplicaSpecs is not valid: containers definition expected in ${rtype}`,
        ),
      );
    if (rtype !== LAUNCHER && rtype !== WORKER)
      errors.push(
        invalid(path, rtype, `MPIReplicaType is ${rtype} but must be one of [${LAUNCHER} ${WORKER}]`),
      );
    containers.forEach((c, i) => {
      const at = path.child('template', 'spec', 'containers').index(i);
      if (!c.image)
        errors.push(
          required(
            at.child('image'),
            `MPIReplicaSpec is not valid: Image is undefined in the container of ${rtype}`,
          ),
        );
      if (!c.name)
        errors.push(
          required(
            at.child('name'),
            `MPIReplicaSpec is not valid: ImageName is undefined in the container of ${rtype}`,
          ),
        );
    });
    if (rtype === LAUNCHER && spec.replicas !== 1)
      errors.push(
        invalid(
          path.child('replicas'),
          spec.replicas,
          'MPIReplicaSpec is not valid: There must be only 1 launcher replica',
        ),
      );
  }
  if (specs[LAUNCHER] === undefined)
    errors.push(
      required(base.key(LAUNCHER), 'MPIReplicaSpec is not valid: Master ReplicaSpec must be present'),
    );
  return errors;
}

/**
 * UpdateJobStatus of MPIJob as the v1.9.4 binary behaves. Its pod reconcile also writes Running (every
 * worker running), Succeeded, Failed (the launcher's pod reason) and MPIJobEvicted conditions, but on
 * a copy of the status that UpdateJobStatus then overwrites: only these survive. The launcher decides:
 * Running while it runs, Succeeded once it succeeded; a failed replica of any type restarts the job
 * under ExitCode, else fails it, with the doubled reason `MPIJobMPIJobFailed` upstream writes.
 */
function decideStatus({ job, counts }: StatusContext): StatusVerdict[] {
  const verdicts: StatusVerdict[] = [];
  for (const [rtype, c] of counts) {
    if (rtype === LAUNCHER) {
      if (c.status.active! > 0) verdicts.push({ type: 'Running', message: V1Messages.running(job, false) });
      if (c.replicas - c.status.succeeded! === 0) {
        verdicts.push({ type: 'Succeeded', message: V1Messages.succeeded(job, false) });
        return verdicts;
      }
    }
    const failed = c.status.failed!;
    if (failed > 0) {
      if (c.restartPolicy === V1RestartPolicies.ExitCode)
        verdicts.push({ type: 'Restarting', message: V1Messages.restarting(job, failed, rtype) });
      else
        verdicts.push({
          type: 'Failed',
          reason: 'MPIJobMPIJobFailed',
          message: V1Messages.failed(job, failed, rtype),
        });
    }
  }
  return verdicts;
}

/** The MPIJob framework. */
export const mpi: Framework = {
  kind: 'MPIJob',
  operatorName: 'mpijob-controller',
  replicaTypes: [LAUNCHER, WORKER],
  ...kindFacts('MPIJob'),
  defaultPortName: 'mpi-port',
  defaultPort: 9999,
  podName: (job, rtype, index) =>
    rtype === LAUNCHER ? `${job}-launcher` : `${job}-${rtype.toLowerCase()}-${index}`,
  ownsServices: false,
  recreatesFailedPods: false,
  webhookRules: false,
  addsDefaultPort: false,
  defaultSpec(spec) {
    spec['slotsPerWorker'] ??= 1;
    const runPolicy = (spec['runPolicy'] ??= {}) as Record<string, unknown>;
    // The deprecated top-level cleanPodPolicy and runPolicy's are kept in sync (runPolicy wins).
    runPolicy['cleanPodPolicy'] ??= spec['cleanPodPolicy'];
    if (runPolicy['cleanPodPolicy'] === undefined) delete runPolicy['cleanPodPolicy'];
  },
  validate,
  isMasterRole: (_specs, rtype) => rtype === LAUNCHER,
  unindexed: (rtype) => rtype === LAUNCHER,
  idleReplicaTypes: (pods) => (launcherFinished(pods) ? [WORKER] : []),
  setClusterSpec,
  auxiliary: mpiAuxiliary,
  decideStatus,
  outputSizes: mpiConfigSizes,
};
