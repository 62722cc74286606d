// SPDX-License-Identifier: Apache-2.0
// MPIJob (kubeflow/training-operator: pkg/controller.v1/mpi, pkg/apis/kubeflow.org/v1/mpi_validation.go):
// the kubectl-exec launcher of MPI Operator "v1". One launcher pod `<job>-launcher` and worker pods
// `<job>-worker-<i>`, no Services; the ConfigMap `<job>-config` (hostfile, kubexec.sh, discover_hosts.sh)
// mounted at /etc/mpi; kubectl delivered to /opt/kube by an init container; a ServiceAccount, Role and
// RoleBinding `<job>-launcher` that let the launcher exec into the workers. The launcher decides.
import {
  fieldPath,
  invalid,
  required,
  StorageLimits,
  type FieldError,
  type MPIJobSpec,
} from '@kubetrain/api/core';
import { indexedNamesLength, type OutputSize } from '@kubetrain/runtime';
import { resourceRef, type KubeObject } from '../../cluster/kube.js';
import { V1RestartPolicies } from '../constants.js';
import type { Container, EnvVar, PodTemplate, PodView, ReplicaSpecs, V1JobObject } from '../job-types.js';
import { ownerReference } from '../render.js';
import {
  kindDefaults,
  type AuxiliaryObject,
  type Framework,
  type PodContext,
  type StatusContext,
  type StatusVerdict,
} from './framework.js';
import { V1Messages } from './messages.js';

const LAUNCHER = 'Launcher';
const WORKER = 'Worker';

/** The image of the `kubectl-delivery` init container (upstream's `--mpi-kubectl-delivery-image` default). */
export const MPI_KUBECTL_DELIVERY_IMAGE = 'kubeflow/kubectl-delivery:latest';

const CONFIG_VOLUME = 'mpi-job-config';
const CONFIG_MOUNT = '/etc/mpi';
const KUBECTL_VOLUME = 'mpi-job-kubectl';
const KUBECTL_MOUNT = '/opt/kube';
const KUBEXEC = 'kubexec.sh';
const HOSTFILE = 'hostfile';
const DISCOVER_HOSTS = 'discover_hosts.sh';
const GPU_RESOURCES = ['nvidia.com/gpu', 'amd.com/gpu'];

const RESOURCES = {
  ConfigMap: resourceRef('v1', 'configmaps', 'ConfigMap'),
  ServiceAccount: resourceRef('v1', 'serviceaccounts', 'ServiceAccount'),
  Role: resourceRef('rbac.authorization.k8s.io/v1', 'roles', 'Role'),
  RoleBinding: resourceRef('rbac.authorization.k8s.io/v1', 'rolebindings', 'RoleBinding'),
} as const;

function specOf(job: V1JobObject): MPIJobSpec {
  return job.spec as unknown as MPIJobSpec;
}

function slotsOf(job: V1JobObject): number {
  return specOf(job).slotsPerWorker ?? 1;
}

function templateOf(specs: ReplicaSpecs, rtype: string): PodTemplate | undefined {
  return specs[rtype]?.template as PodTemplate | undefined;
}

/** Whether the launcher's containers ask for a GPU (it then runs ranks too: it is in the hostfile). */
export function isGPULauncher(specs: ReplicaSpecs): boolean {
  return (templateOf(specs, LAUNCHER)?.spec?.containers ?? []).some((c) =>
    GPU_RESOURCES.some((r) => c.resources?.limits?.[r] !== undefined),
  );
}

function meta(job: V1JobObject, name: string) {
  const jobName = job.metadata?.name ?? '';
  return {
    name,
    namespace: job.metadata?.namespace,
    labels: { app: jobName },
    ownerReferences: [ownerReference(job)],
  };
}

/** kubexec.sh: `kubectl exec` into the worker named by its first argument (the main container, when set). */
function kubexecScript(job: V1JobObject): string {
  const main = specOf(job).mainContainer;
  return (
    `#!/bin/sh\nset -x\nPOD_NAME=$1\nshift\n${KUBECTL_MOUNT}/kubectl exec \${POD_NAME}` +
    (main ? ` --container ${main}` : '') +
    ` -- /bin/sh -c "$*"`
  );
}

/** The data of `<job>-config`: the hostfile, kubexec.sh and discover_hosts.sh (the Running workers). */
export function mpiConfigData(
  job: V1JobObject,
  specs: ReplicaSpecs,
  pods: readonly PodView[],
): Record<string, string> {
  // Bounded: validation refused a job whose ConfigMap would be over the limit (outputSizes).
  const name = job.metadata?.name ?? '';
  const slots = slotsOf(job);
  const gpu = isGPULauncher(specs);
  const workers = specs[WORKER]?.replicas ?? 0;
  let hostfile = gpu ? `${name}-launcher slots=${slots}\n` : '';
  for (let i = 0; i < workers; i++) hostfile += `${name}-worker-${i} slots=${slots}\n`;
  const running = pods
    .filter((p) => p.metadata?.labels?.['training.kubeflow.org/replica-type'] === 'worker')
    .filter((p) => p.status?.phase === 'Running')
    .map((p) => p.metadata?.name ?? '')
    .sort();
  let discover = '#!/bin/sh';
  if (gpu) discover += `\necho ${name}-launcher:${slots}\n`;
  for (const p of running) discover += `\necho ${p}:${slots}`;
  return { [HOSTFILE]: hostfile, [KUBEXEC]: kubexecScript(job), [DISCOVER_HOSTS]: discover };
}

/**
 * The most bytes of `<job>-config` (every worker Running), computed from the counts: the hostfile
 * and discover_hosts.sh list every worker. The Role's resourceNames list them too, but at under half
 * the bytes per worker against a 1.5 times larger limit, so the ConfigMap is always the first over.
 */
function outputSizes(job: V1JobObject, specs: ReplicaSpecs): OutputSize[] {
  const name = job.metadata?.name ?? '';
  const slots = slotsOf(job);
  const workers = specs[WORKER]?.replicas ?? 0;
  const launcher = isGPULauncher(specs) ? `${name}-launcher` : undefined;
  const hostfile =
    (launcher !== undefined ? `${launcher} slots=${slots}\n`.length : 0) +
    indexedNamesLength(`${name}-worker-`, ` slots=${slots}\n`, workers);
  const discover =
    '#!/bin/sh'.length +
    (launcher !== undefined ? `\necho ${launcher}:${slots}\n`.length : 0) +
    indexedNamesLength(`\necho ${name}-worker-`, `:${slots}`, workers);
  const keys = HOSTFILE.length + KUBEXEC.length + DISCOVER_HOSTS.length;
  return [
    {
      what: `the MPIJob's ConfigMap "${name}-config" (its hostfile and discover_hosts.sh list every worker)`,
      bytes: keys + hostfile + Buffer.byteLength(kubexecScript(job)) + discover,
      limit: StorageLimits.ConfigMapDataBytes,
      limitOf: "a ConfigMap's data",
    },
  ];
}

function launcherServiceAccount(specs: ReplicaSpecs, job: V1JobObject): { name: string; ours: boolean } {
  const own = templateOf(specs, LAUNCHER)?.spec?.['serviceAccountName'] as string | undefined;
  return own ? { name: own, ours: false } : { name: `${job.metadata?.name}-launcher`, ours: true };
}

function auxiliary(job: V1JobObject, specs: ReplicaSpecs, pods: readonly PodView[]): AuxiliaryObject[] {
  const name = job.metadata?.name ?? '';
  const launcher = `${name}-launcher`;
  const workers = specs[WORKER]?.replicas ?? 0;
  const sa = launcherServiceAccount(specs, job);
  const keep = { keepWhileSuspended: true } as const;
  const objects: AuxiliaryObject[] = [
    {
      resource: RESOURCES.ConfigMap,
      name: `${name}-config`,
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: meta(job, `${name}-config`),
        data: mpiConfigData(job, specs, pods),
      } as KubeObject,
      ...keep,
    },
    {
      resource: RESOURCES.Role,
      name: launcher,
      object: {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: meta(job, launcher),
        rules: [
          { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'] },
          {
            verbs: ['create'],
            apiGroups: [''],
            resources: ['pods/exec'],
            resourceNames: Array.from({ length: workers }, (_, i) => `${name}-worker-${i}`),
          },
        ],
      } as KubeObject,
      ...keep,
    },
    {
      resource: RESOURCES.RoleBinding,
      name: launcher,
      object: {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: meta(job, launcher),
        subjects: [{ kind: 'ServiceAccount', name: sa.name, namespace: job.metadata?.namespace }],
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: launcher },
      } as KubeObject,
      ...keep,
    },
  ];
  if (sa.ours)
    objects.unshift({
      resource: RESOURCES.ServiceAccount,
      name: launcher,
      object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(job, launcher) } as KubeObject,
      ...keep,
    });
  return objects;
}

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
  const name = job.metadata?.name ?? '';
  const spec = template.spec;
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, 'training.kubeflow.org/job-name': name, 'mpi-job-name': name },
  };
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
  const env: EnvVar[] = [
    { name: 'OMPI_MCA_plm_rsh_agent', value: `${CONFIG_MOUNT}/${KUBEXEC}` },
    { name: 'OMPI_MCA_orte_default_hostfile', value: `${CONFIG_MOUNT}/${HOSTFILE}` },
  ];
  if (!hasEnv(first, 'I_MPI_HYDRA_BOOTSTRAP')) env.push({ name: 'I_MPI_HYDRA_BOOTSTRAP', value: 'rsh' });
  if (!hasEnv(first, 'I_MPI_HYDRA_BOOTSTRAP_EXEC'))
    env.push({ name: 'I_MPI_HYDRA_BOOTSTRAP_EXEC', value: `${CONFIG_MOUNT}/${KUBEXEC}` });
  if (!isGPULauncher(specs))
    env.push(
      { name: 'NVIDIA_VISIBLE_DEVICES', value: '' },
      { name: 'NVIDIA_DRIVER_CAPABILITIES', value: '' },
    );
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

function decideStatus({ job, counts }: StatusContext): StatusVerdict[] {
  const name = job.metadata?.name ?? '';
  const ns = job.metadata?.namespace ?? '';
  const launcher = counts.get(LAUNCHER);
  const worker = counts.get(WORKER);
  const verdicts: StatusVerdict[] = [];
  if (launcher !== undefined && launcher.status.succeeded! > 0) {
    verdicts.push({ type: 'Succeeded', message: V1Messages.succeeded(job) });
    return verdicts;
  }
  if (launcher !== undefined && launcher.status.failed! > 0) {
    const reason = launcher.failedReason === 'Evicted' ? 'MPIJobEvicted' : 'MPIJobFailed';
    verdicts.push({ type: 'Failed', reason, message: `MPIJob ${ns}/${name} has failed` });
    return verdicts;
  }
  if (worker !== undefined && worker.evicted > 0) {
    const total = worker.replicas;
    verdicts.push({
      type: 'Failed',
      reason: 'MPIJobEvicted',
      message: `${worker.evicted}/${total} workers are evicted`,
    });
    return verdicts;
  }
  if (worker !== undefined && worker.status.failed! > 0) {
    if (worker.restartPolicy === V1RestartPolicies.ExitCode)
      verdicts.push({
        type: 'Restarting',
        message: V1Messages.restarting(job, worker.status.failed!, WORKER),
      });
    else verdicts.push({ type: 'Failed', message: V1Messages.failed(job, worker.status.failed!, WORKER) });
    return verdicts;
  }
  const workersRunning = worker === undefined || worker.status.active === worker.replicas;
  if (launcher !== undefined && launcher.status.active! > 0 && workersRunning)
    verdicts.push({ type: 'Running', message: V1Messages.running(job) });
  return verdicts;
}

/** The MPIJob framework. */
export const mpi: Framework = {
  kind: 'MPIJob',
  operatorName: 'mpijob-controller',
  replicaSpecsField: 'mpiReplicaSpecs',
  replicaTypes: [LAUNCHER, WORKER],
  ...kindDefaults('MPIJob'),
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
  setClusterSpec,
  auxiliary,
  decideStatus,
  outputSizes,
};
