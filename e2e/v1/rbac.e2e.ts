// SPDX-License-Identifier: Apache-2.0
// The generated RBAC is enough for the v1 controllers: the manager runs in this process as a
// ServiceAccount of the suite (a TokenRequest token in its kubeconfig) bound to nothing but the rules of
// the default ClusterRole (manifests/rbac/rbac.yaml) and of the opt-in one of the v1 kinds
// (manifests/rbac/v1-kinds/rbac.yaml), copied under names of the suite. With --enable-v1-kinds=all it
// runs a PyTorchJob with a TTL to deletion, an elastic PyTorchJob with metrics (its HPA) and an MPIJob
// (ConfigMap, ServiceAccount, Role with pods/exec, RoleBinding) to Succeeded.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AutoscalingV2Api, RbacAuthorizationV1Api, type V1ClusterRole } from '@kubernetes/client-node';
import { loadSettings, parseFlags, startManager, type Manager } from '@kubetrain/controller';
import { loadKubeConfig } from '@kubetrain/kube';
import { createLogger } from '@kubetrain/log';
import { apiStatus } from '../support/api-errors.js';
import { readYamlObjects } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import { eventsOf, TEST_CONFIG } from '../controller/harness.js';
import { serviceAccountKubeconfig } from '../install/service-account.js';
import { createJob, installV1Crds, readJob, waitForJobCondition, type Job } from './v1-harness.js';

const SA = 'kt-v1-manager';

function clusterRoleRules(file: string): V1ClusterRole['rules'] {
  const role = readYamlObjects<V1ClusterRole>(file).find((o) => o.kind === 'ClusterRole');
  if (role === undefined) throw new Error(`${file}: no ClusterRole`);
  return role.rules;
}

const container = { name: 'pytorch', image: 'docker.io/pytorch/pytorch:2.7.1' };

describe('the v1 controllers under the generated RBAC', () => {
  let namespace: string;
  let manager: Manager | undefined;
  const logs: string[] = [];
  const roles: string[] = [];
  const rbac = () => cluster().kubeConfig.makeApiClient(RbacAuthorizationV1Api);

  beforeAll(async () => {
    namespace = await createNamespace('e2e-v1rbac');
    await installV1Crds('kubetrain-e2e');
    await cluster().core.createNamespacedServiceAccount({ namespace, body: { metadata: { name: SA } } });
    for (const [suffix, file] of [
      ['default', 'manifests/rbac/rbac.yaml'],
      ['v1-kinds', 'manifests/rbac/v1-kinds/rbac.yaml'],
    ] as const) {
      const name = `${namespace}-${suffix}`;
      await rbac().createClusterRole({ body: { metadata: { name }, rules: clusterRoleRules(file) } });
      await rbac().createClusterRoleBinding({
        body: {
          metadata: { name },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
          subjects: [{ kind: 'ServiceAccount', name: SA, namespace }],
        },
      });
      roles.push(name);
    }
    const kubeconfig = await serviceAccountKubeconfig(namespace, SA);
    const flags = ['--enable-v1-kinds=all', `--cert-dir=${mkdtempSync(join(tmpdir(), 'no-certs-'))}`];
    manager = await startManager(loadSettings(parseFlags(flags), TEST_CONFIG), {
      kubeConfig: loadKubeConfig({ path: kubeconfig }),
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
      watchNamespace: namespace,
    });
    await waitFor('manager caches synced', async () => (manager!.synced() ? true : undefined));
  });

  afterAll(async () => {
    await manager?.stop();
    for (const name of roles) {
      await rbac()
        .deleteClusterRoleBinding({ name })
        .catch(() => undefined);
      await rbac()
        .deleteClusterRole({ name })
        .catch(() => undefined);
    }
    if (namespace) await deleteNamespace(namespace);
  });

  it('runs a PyTorchJob to Succeeded and deletes it after its TTL', async () => {
    const body: Job = {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'ttl' },
      spec: {
        runPolicy: { ttlSecondsAfterFinished: 1, cleanPodPolicy: 'All' },
        pytorchReplicaSpecs: {
          Master: {
            template: { metadata: { annotations: succeedAfter('1s') }, spec: { containers: [container] } },
          },
          Worker: {
            template: { metadata: { annotations: keepRunning() }, spec: { containers: [container] } },
          },
        },
      },
    };
    await createJob('PyTorchJob', namespace, body);
    // The job may be gone before a poll sees it Succeeded: its events stay.
    await waitFor('PyTorchJob ttl deleted', () =>
      readJob('PyTorchJob', namespace, 'ttl').then(
        () => undefined,
        (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
      ),
    );
    expect((await eventsOf(namespace, 'ttl')).map((e) => e.reason)).toContain('PyTorchJobSucceeded');
  });

  it('applies the HorizontalPodAutoscaler of an elastic PyTorchJob', async () => {
    const body: Job = {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'hpa' },
      spec: {
        elasticPolicy: {
          minReplicas: 1,
          maxReplicas: 2,
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
            },
          ],
        },
        pytorchReplicaSpecs: {
          Worker: {
            replicas: 1,
            template: { metadata: { annotations: keepRunning() }, spec: { containers: [container] } },
          },
        },
      },
    };
    await createJob('PyTorchJob', namespace, body);
    await waitForJobCondition('PyTorchJob', namespace, 'hpa', 'Running', 'PyTorchJobRunning');
    const hpa = await waitFor('HPA hpa', () =>
      cluster()
        .kubeConfig.makeApiClient(AutoscalingV2Api)
        .readNamespacedHorizontalPodAutoscaler({ name: 'hpa', namespace }),
    );
    expect(hpa.spec!.maxReplicas).toBe(2);
  });

  it('runs an MPIJob (its ConfigMap, ServiceAccount, Role with pods/exec, RoleBinding) to Succeeded', async () => {
    const mpi = { name: 'mpi', image: 'horovod/horovod:0.28.1' };
    const body: Job = {
      apiVersion: 'kubeflow.org/v1',
      kind: 'MPIJob',
      metadata: { name: 'mpi' },
      spec: {
        mpiReplicaSpecs: {
          Launcher: {
            template: {
              metadata: { annotations: succeedAfter('2s') },
              spec: { containers: [{ ...mpi, command: ['mpirun'] }] },
            },
          },
          Worker: {
            replicas: 2,
            template: { metadata: { annotations: keepRunning() }, spec: { containers: [mpi] } },
          },
        },
      },
    };
    await createJob('MPIJob', namespace, body);
    await waitForJobCondition('MPIJob', namespace, 'mpi', 'Succeeded', 'MPIJobSucceeded');
    const role = await rbac().readNamespacedRole({ name: 'mpi-launcher', namespace });
    expect(role.rules!.map((r) => r.resources)).toEqual([['pods'], ['pods/exec']]);
  });

  it('was never refused a request, and no reconcile failed', () => {
    expect(logs.filter((l) => /forbidden|403/i.test(l))).toEqual([]);
    expect(logs.filter((l) => l.includes('Reconciler error'))).toEqual([]);
  });
});
