// SPDX-License-Identifier: Apache-2.0
// What the v1 controllers need of the API server, as RBAC rules (hack/install/rbac.ts puts them in an
// opt-in ClusterRole, manifests/rbac/v1-kinds, installed with the v1 CRDs and --enable-v1-kinds): the
// served kinds (read, status patched, finalizers for blockOwnerDeletion, delete for the TTL), and the
// pods and Services they own (read, created, deleted; never updated), PyTorch's HPA (read, applied, deleted), the
// gang PodGroups.
import { V1KindPlurals } from '@kubetrain/api/core';
import { KindRefs } from '@kubetrain/runtime';
import { SUPPORTED_V1_KINDS } from './kind-flag.js';

/** One RBAC PolicyRule. */
export interface V1PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

/** The rules of the v1 controllers, for every kind they serve. */
export function v1ClusterRules(): V1PolicyRule[] {
  const plurals = SUPPORTED_V1_KINDS.map((k) => V1KindPlurals[k]).sort();
  return [
    { apiGroups: ['kubeflow.org'], resources: plurals, verbs: ['delete', 'get', 'list', 'watch'] },
    { apiGroups: ['kubeflow.org'], resources: plurals.map((p) => `${p}/status`), verbs: ['get', 'patch'] },
    { apiGroups: ['kubeflow.org'], resources: plurals.map((p) => `${p}/finalizers`), verbs: ['update'] },
    { apiGroups: [''], resources: ['pods', 'services'], verbs: ['create', 'delete', 'get', 'list', 'watch'] },
    // MPIJob: the launcher's ConfigMap, ServiceAccount, Role and RoleBinding (server-side applied,
    // collected with the job; read once per process before the first apply, so that objects another
    // operator left as desired are adopted without a write). Granting `pods/exec` in the launcher's
    // Role needs the manager to hold it (RBAC's escalation check), as upstream's operator does.
    {
      apiGroups: [''],
      resources: ['configmaps', 'serviceaccounts'],
      verbs: ['create', 'get', 'patch'],
    },
    { apiGroups: [''], resources: ['pods/exec'], verbs: ['create'] },
    {
      apiGroups: ['rbac.authorization.k8s.io'],
      resources: ['rolebindings', 'roles'],
      verbs: ['create', 'get', 'patch'],
    },
    // The HorizontalPodAutoscaler of an elastic PyTorchJob with metrics (server-side applied; read
    // once per process before the first apply or delete).
    {
      apiGroups: ['autoscaling'],
      resources: ['horizontalpodautoscalers'],
      verbs: ['create', 'delete', 'get', 'patch'],
    },
    // The PodGroup of each job with --gang-scheduler-name (Volcano's or scheduler-plugins'): read,
    // created, updated when its spec differs, deleted when the job finishes or is suspended.
    {
      apiGroups: [KindRefs.VolcanoPodGroup.group, KindRefs.SchedulerPluginsPodGroup.group],
      resources: [KindRefs.VolcanoPodGroup.resource],
      verbs: ['create', 'delete', 'get', 'update'],
    },
  ];
}
