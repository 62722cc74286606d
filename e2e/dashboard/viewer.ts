// SPDX-License-Identifier: Apache-2.0
// A user of the dashboard suites who may only read TrainJobs, pods and events in one namespace (no
// cluster-wide list, no patch, no pods/log, no JobSets, no ConfigMaps): a ServiceAccount, its Role
// and RoleBinding, and a kubeconfig of its token.
import { applyObject } from '../support/apply.js';
import { FIELD_MANAGER } from '../cli/suite-cluster.js';
import { serviceAccountKubeconfig } from '../install/service-account.js';

/** Makes the viewer `sa` of `namespace`; resolves with the path of its kubeconfig (a 10-minute token). */
export async function namespaceViewerKubeconfig(namespace: string, sa: string): Promise<string> {
  await applyObject(
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace } } as never,
    FIELD_MANAGER,
  );
  await applyObject(
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: sa, namespace },
      rules: [
        { apiGroups: ['trainer.kubeflow.org'], resources: ['trainjobs'], verbs: ['get', 'list', 'watch'] },
        { apiGroups: [''], resources: ['pods', 'events'], verbs: ['get', 'list', 'watch'] },
      ],
    } as never,
    FIELD_MANAGER,
  );
  await applyObject(
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: sa, namespace },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: sa },
      subjects: [{ kind: 'ServiceAccount', name: sa, namespace }],
    } as never,
    FIELD_MANAGER,
  );
  return serviceAccountKubeconfig(namespace, sa, 600);
}
