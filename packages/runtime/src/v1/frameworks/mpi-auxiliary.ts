// SPDX-License-Identifier: Apache-2.0
// What an MPIJob owns besides its pods: the ConfigMap `<job>-config` (mpi-config.ts), and the
// ServiceAccount (unless the launcher's template names one), Role and RoleBinding `<job>-launcher`
// that let the launcher exec into the workers. Kept while the job is suspended, as upstream.
import type { PodView, ReplicaSpecs, V1JobObject, V1Object, V1ObjectApi } from '../job-types.js';
import { ownerReference } from '../render.js';
import type { AuxiliaryObject } from './framework.js';
import { LAUNCHER, launcherFinished, mpiConfigData, templateOf, WORKER } from './mpi-config.js';

const RBAC = 'rbac.authorization.k8s.io/v1';

/** The APIs of the objects an MPIJob owns besides its pods. */
const MPI_OBJECT_APIS = {
  ConfigMap: { apiVersion: 'v1', kind: 'ConfigMap', plural: 'configmaps' },
  ServiceAccount: { apiVersion: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts' },
  Role: { apiVersion: RBAC, kind: 'Role', plural: 'roles' },
  RoleBinding: { apiVersion: RBAC, kind: 'RoleBinding', plural: 'rolebindings' },
} as const satisfies Record<string, V1ObjectApi>;

function meta(job: V1JobObject, name: string) {
  const jobName = job.metadata?.name ?? '';
  return {
    name,
    namespace: job.metadata?.namespace,
    labels: { app: jobName },
    ownerReferences: [ownerReference(job)],
  };
}

/** The launcher's ServiceAccount: its template's, else `<job>-launcher` (ours to create). */
export function launcherServiceAccount(
  specs: ReplicaSpecs,
  job: V1JobObject,
): { name: string; ours: boolean } {
  const own = templateOf(specs, LAUNCHER)?.spec?.['serviceAccountName'] as string | undefined;
  return own ? { name: own, ours: false } : { name: `${job.metadata?.name}-launcher`, ours: true };
}

/**
 * The ConfigMap, ServiceAccount, Role and RoleBinding of `job`; none once the launcher finished, so
 * that they stay as they are (discover_hosts.sh keeps the workers that ran, as upstream's does).
 */
export function mpiAuxiliary(
  job: V1JobObject,
  specs: ReplicaSpecs,
  pods: readonly PodView[],
): AuxiliaryObject[] {
  if (launcherFinished(pods)) return [];
  const name = job.metadata?.name ?? '';
  const launcher = `${name}-launcher`;
  const workers = specs[WORKER]?.replicas ?? 0;
  const sa = launcherServiceAccount(specs, job);
  const keep = { keepWhileSuspended: true } as const;
  const objects: AuxiliaryObject[] = [
    {
      api: MPI_OBJECT_APIS.ConfigMap,
      name: `${name}-config`,
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: meta(job, `${name}-config`),
        data: mpiConfigData(job, specs, pods),
      } as V1Object,
      ...keep,
    },
    {
      api: MPI_OBJECT_APIS.Role,
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
      } as V1Object,
      ...keep,
    },
    {
      api: MPI_OBJECT_APIS.RoleBinding,
      name: launcher,
      object: {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: meta(job, launcher),
        subjects: [{ kind: 'ServiceAccount', name: sa.name, namespace: job.metadata?.namespace }],
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: launcher },
      } as V1Object,
      ...keep,
    },
  ];
  if (sa.ours)
    objects.unshift({
      api: MPI_OBJECT_APIS.ServiceAccount,
      name: launcher,
      object: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(job, launcher) } as V1Object,
      ...keep,
    });
  return objects;
}
