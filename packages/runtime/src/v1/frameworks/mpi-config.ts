// SPDX-License-Identifier: Apache-2.0
// MPIJob's ConfigMap `<job>-config`, as upstream's MPI Operator "v1" launcher reads it at /etc/mpi: the
// hostfile (every worker, and the launcher when it asks for a GPU), kubexec.sh (kubectl exec into a
// worker) and discover_hosts.sh (the Running workers); and its most bytes, computed from the counts.
import { StorageLimits, type MPIJobSpec } from '@kubetrain/api/core';
import type { OutputSize } from '../../framework/plugin.js';
import { indexedNamesLength } from '../../util/decimal-digits.js';
import type { PodTemplate, PodView, ReplicaSpecs, V1JobObject } from '../job-types.js';

/** The MPIJob's replica types. */
export const LAUNCHER = 'Launcher';
export const WORKER = 'Worker';

/** Where the ConfigMap is mounted, and where kubectl is delivered to. */
export const CONFIG_MOUNT = '/etc/mpi';
export const KUBECTL_MOUNT = '/opt/kube';
/** The keys of the ConfigMap. */
export const KUBEXEC = 'kubexec.sh';
export const HOSTFILE = 'hostfile';
export const DISCOVER_HOSTS = 'discover_hosts.sh';
const GPU_RESOURCES = ['nvidia.com/gpu', 'amd.com/gpu'];

function specOf(job: V1JobObject): MPIJobSpec {
  return job.spec as unknown as MPIJobSpec;
}

function slotsOf(job: V1JobObject): number {
  return specOf(job).slotsPerWorker ?? 1;
}

/** The pod template of replica type `rtype`, if any. */
export function templateOf(specs: ReplicaSpecs, rtype: string): PodTemplate | undefined {
  return specs[rtype]?.template as PodTemplate | undefined;
}

/**
 * Whether the launcher pod has finished (Succeeded or Failed). Upstream's MPI pod reconcile then stops:
 * no worker is created or counted, and the ConfigMap and RBAC are no longer updated.
 */
export function launcherFinished(pods: readonly PodView[]): boolean {
  return pods.some(
    (p) =>
      p.metadata?.labels?.['training.kubeflow.org/replica-type'] === 'launcher' &&
      (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed'),
  );
}

/** Whether the launcher's containers ask for a GPU (it then runs ranks too: it is in the hostfile). */
export function isGPULauncher(specs: ReplicaSpecs): boolean {
  return (templateOf(specs, LAUNCHER)?.spec?.containers ?? []).some((c) =>
    GPU_RESOURCES.some((r) => c.resources?.limits?.[r] !== undefined),
  );
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
export function mpiConfigSizes(job: V1JobObject, specs: ReplicaSpecs): OutputSize[] {
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
