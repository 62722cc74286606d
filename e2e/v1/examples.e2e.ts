// SPDX-License-Identifier: Apache-2.0
// Every Training Operator v1.9.4 example (../shared/reference/upstream/
// training-operator-v1.9.4/examples) runs to Succeeded on the local control
// plane: kubetrain's manager in-process with --enable-v1-kinds=all, the pods on kwok nodes (each pod told
// by its annotations to succeed after 2 s). Checked per example: the pods and headless Services named
// `<job>-<rtype>-<index>` with the training.kubeflow.org labels, the env its framework reads, the
// Services selecting exactly their pod (which is how `<job>-master-0` resolves), the v1 conditions and
// replicaStatuses.
import { RbacAuthorizationV1Api, type V1Pod } from '@kubernetes/client-node';
import { cluster } from '../support/cluster.js';
import { V1ScalingKinds, type V1KindName } from '@kubetrain/api';
import { readV1Examples } from '@kubetrain/api/test-support';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import {
  annotateReplicas,
  createJob,
  envOf,
  podsOf,
  readJob,
  servicesOf,
  waitForJobCondition,
  type Job,
  useV1Suite,
} from './v1-harness.js';

/** What each example's pods must carry: pod name → container → env subset. `NS` is the namespace. */
type EnvExpectations = Record<string, Record<string, Record<string, string>>>;

const expectations: Record<string, (ns: string) => EnvExpectations> = {
  'pytorch/simple.yaml': () => ({
    'pytorch-simple-master-0': {
      pytorch: {
        PYTHONUNBUFFERED: '1',
        MASTER_ADDR: 'pytorch-simple-master-0',
        PET_MASTER_ADDR: 'pytorch-simple-master-0',
        MASTER_PORT: '23456',
        PET_MASTER_PORT: '23456',
        WORLD_SIZE: '2',
        RANK: '0',
        PET_NODE_RANK: '0',
        PET_NPROC_PER_NODE: 'auto',
        PET_NNODES: '2',
      },
    },
    'pytorch-simple-worker-0': {
      pytorch: { MASTER_ADDR: 'pytorch-simple-master-0', RANK: '1', PET_NODE_RANK: '1', WORLD_SIZE: '2' },
    },
  }),
  'pytorch/elastic/echo/echo.yaml': () => ({
    'elastic-example-echo-worker-1': {
      pytorch: {
        LOGLEVEL: 'DEBUG',
        PET_RDZV_ENDPOINT: 'elastic-example-echo-worker-0:23456',
        PET_RDZV_BACKEND: 'c10d',
        PET_NNODES: '1:2',
        PET_MAX_RESTARTS: '100',
        PET_NPROC_PER_NODE: 'auto',
      },
    },
  }),
  'tensorflow/simple.yaml': (ns) => ({
    'tfjob-simple-worker-1': {
      tensorflow: {
        TF_CONFIG: JSON.stringify({
          cluster: {
            worker: [`tfjob-simple-worker-0.${ns}.svc:2222`, `tfjob-simple-worker-1.${ns}.svc:2222`],
          },
          task: { type: 'worker', index: 1 },
          environment: 'cloud',
        }),
      },
    },
  }),
  'tensorflow/dist-mnist/tf_job_mnist.yaml': (ns) => ({
    'dist-mnist-for-e2e-test-ps-0': {
      tensorflow: {
        TF_CONFIG: JSON.stringify({
          cluster: {
            chief: [`dist-mnist-for-e2e-test-chief-0.${ns}.svc:2222`],
            ps: [`dist-mnist-for-e2e-test-ps-0.${ns}.svc:2222`],
            worker: [
              `dist-mnist-for-e2e-test-worker-0.${ns}.svc:2222`,
              `dist-mnist-for-e2e-test-worker-1.${ns}.svc:2222`,
            ],
          },
          task: { type: 'ps', index: 0 },
          environment: 'cloud',
        }),
      },
    },
  }),
  'xgboost/xgboostjob.yaml': () => ({
    'xgboost-dist-iris-test-train-worker-1': {
      xgboost: {
        MASTER_ADDR: 'xgboost-dist-iris-test-train-master-0',
        MASTER_PORT: '9991',
        WORLD_SIZE: '3',
        RANK: '2',
        PYTHONUNBUFFERED: '1',
        WORKER_PORT: '9991',
        WORKER_ADDRS: 'xgboost-dist-iris-test-train-worker-0,xgboost-dist-iris-test-train-worker-1',
      },
    },
  }),
  'paddlepaddle/simple-cpu.yaml': () => ({
    'paddle-simple-cpu-worker-0': {
      paddle: {
        PADDLE_JOB_ID: 'paddle-simple-cpu',
        PADDLE_NNODES: '2',
        POD_IP_DUMMY: JSON.stringify({ fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } }),
        PADDLE_MASTER: '$(POD_IP_DUMMY):37777',
      },
    },
    'paddle-simple-cpu-worker-1': { paddle: { PADDLE_MASTER: 'paddle-simple-cpu-worker-0:37777' } },
  }),
  'mpi/tensorflow-mnist.yaml': () => ({
    'tensorflow-mnist-launcher': {
      mpi: {
        OMPI_MCA_plm_rsh_agent: '/etc/mpi/kubexec.sh',
        OMPI_MCA_orte_default_hostfile: '/etc/mpi/hostfile',
        I_MPI_HYDRA_BOOTSTRAP: 'rsh',
        I_MPI_HYDRA_BOOTSTRAP_EXEC: '/etc/mpi/kubexec.sh',
        NVIDIA_VISIBLE_DEVICES: '',
        NVIDIA_DRIVER_CAPABILITIES: '',
      },
    },
  }),
  'jax/cpu-demo/demo.yaml': () => ({
    'jaxjob-simple-worker-1': {
      jax: {
        PYTHONUNBUFFERED: '1',
        COORDINATOR_ADDRESS: 'jaxjob-simple-worker-0',
        COORDINATOR_PORT: '6666',
        NUM_PROCESSES: '2',
        PROCESS_ID: '1',
      },
    },
  }),
};

/** The pods labelled `training.kubeflow.org/job-role=master`, per example. */
const masterPods: Record<string, string[]> = {
  'pytorch/simple.yaml': ['pytorch-simple-master-0'],
  'pytorch/elastic/echo/echo.yaml': ['elastic-example-echo-worker-0'],
  'tensorflow/simple.yaml': ['tfjob-simple-worker-0'],
  'tensorflow/dist-mnist/tf_job_mnist.yaml': ['dist-mnist-for-e2e-test-chief-0'],
  'xgboost/xgboostjob.yaml': ['xgboost-dist-iris-test-train-master-0'],
  'paddlepaddle/simple-cpu.yaml': [],
  'jax/cpu-demo/demo.yaml': ['jaxjob-simple-worker-0'],
  'mpi/tensorflow-mnist.yaml': ['tensorflow-mnist-launcher'],
};

const examples = readV1Examples();

/** The pod name of replica `rtype`-`index`: `<job>-<rtype>-<index>`, MPI's launcher `<job>-launcher`. */
function podName(kind: V1KindName, job: string, rtype: string, index: number): string {
  return kind === 'MPIJob' && rtype === 'Launcher'
    ? `${job}-launcher`
    : `${job}-${rtype.toLowerCase()}-${index}`;
}

/** Replica counts of the example, by replica type, after v1 defaulting (1 when unset). */
function replicaCounts(job: Job): Array<[string, number]> {
  const field = Object.keys(job.spec).find((k) => k.endsWith('ReplicaSpecs'))!;
  const specs = job.spec[field] as Record<string, { replicas?: number }>;
  return Object.entries(specs).map(([t, s]) => [t, s.replicas ?? 1]);
}

describe('Training Operator v1 examples on kubetrain (kwok pods)', () => {
  const suite = useV1Suite('e2e-v1');
  let namespace: string;

  beforeAll(async () => {
    namespace = suite.namespace;
  });

  it('lists every example it runs', () => {
    expect(examples.map((e) => e.file).sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(examples.map((e) => [e.file, e] as const))('%s runs to Succeeded', async (file, example) => {
    const body = structuredClone(example.object) as Job;
    delete body.metadata.namespace;
    annotateReplicas(example.kind, body, succeedAfter('2s'));
    // The MPI example's workers run until deleted (as `sleep 365d` would): cleanPodPolicy Running
    // deletes them once the launcher succeeded.
    const mpi = example.kind === 'MPIJob';
    if (mpi) {
      const worker = (
        body.spec['mpiReplicaSpecs'] as Record<
          string,
          { template: { metadata: { annotations: Record<string, string> } } }
        >
      )['Worker']!;
      worker.template.metadata.annotations = keepRunning();
    }
    const name = body.metadata.name;
    await createJob(example.kind, namespace, body);
    const done = await waitForJobCondition(
      example.kind,
      namespace,
      name,
      'Succeeded',
      `${example.kind}Succeeded`,
    );

    const conditions = done.status!.conditions!;
    expect(conditions[0]).toMatchObject({
      type: 'Created',
      status: 'True',
      reason: `${example.kind}Created`,
    });
    expect(conditions.at(-1)).toMatchObject({ type: 'Succeeded', status: 'True' });
    // Running, if a reconcile saw the pods run (kwok runs them 2 s), is False once Succeeded.
    expect(conditions.find((c) => c.type === 'Running')?.status ?? 'False').toBe('False');
    expect(done.status!.startTime).toBeDefined();
    expect(done.status!.completionTime).toBeDefined();

    const expectedNames = replicaCounts(body)
      .filter(([t]) => !mpi || t === 'Launcher')
      .flatMap(([t, n]) => Array.from({ length: n }, (_, i) => podName(example.kind, name, t, i)));
    const pods = await waitFor(`the pods of ${name} after cleanPodPolicy`, async () => {
      const found = await podsOf(namespace, name);
      return found.size === expectedNames.length ? found : undefined;
    });
    const services = await servicesOf(namespace, name);
    // cleanPodPolicy defaults to None: every pod stays, and its Service (MPIJob has none).
    expect([...pods.keys()].sort()).toEqual([...expectedNames].sort());
    expect([...services.keys()].sort()).toEqual(example.kind === 'MPIJob' ? [] : [...expectedNames].sort());
    for (const [podName_, pod] of pods) {
      const labels = pod.metadata!.labels!;
      expect(labels['training.kubeflow.org/job-name']).toBe(name);
      expect(labels['training.kubeflow.org/operator-name']).toBe(`${example.kind.toLowerCase()}-controller`);
      const rtype = labels['training.kubeflow.org/replica-type']!;
      const index = Number(labels['training.kubeflow.org/replica-index']);
      expect(podName(example.kind, name, rtype[0]!.toUpperCase() + rtype.slice(1), index)).toBe(podName_);
      expect(pod.metadata!.ownerReferences).toEqual([
        expect.objectContaining({ kind: example.kind, name, controller: true, blockOwnerDeletion: true }),
      ]);
      if (example.kind === 'MPIJob') continue;
      const svc = services.get(podName_)!;
      expect(svc.spec!.clusterIP).toBe('None');
      const selected = Object.entries(svc.spec!.selector!).every(([k, v]) => labels[k] === v);
      expect(selected).toBe(true);
      // The selector names exactly one pod: type and index are in it.
      expect(svc.spec!.selector!['training.kubeflow.org/replica-index']).toBe(
        labels['training.kubeflow.org/replica-index'],
      );
    }
    for (const [podName, containers] of Object.entries(expectations[file]!(namespace))) {
      const pod = pods.get(podName) as V1Pod;
      expect(pod).toBeDefined();
      for (const [container, env] of Object.entries(containers))
        expect(envOf(pod, container)).toEqual(expect.objectContaining(env));
    }
    // The master-role label: Master, Chief, or worker-0 of PyTorch, TF and JAX jobs without one; a
    // collective PaddleJob (Workers only) has none, as upstream.
    const masters = [...pods.values()]
      .filter((p) => p.metadata!.labels!['training.kubeflow.org/job-role'] === 'master')
      .map((p) => p.metadata!.name);
    expect(masters).toEqual(masterPods[file]);
    // replicaStatuses: every replica type there, none active (a zero count is omitted, as v1.9.4's
    // omitempty writes it); only the kinds that scale workers write the selector.
    for (const [rtype, n] of replicaCounts(body)) {
      const rs = done.status!.replicaStatuses![rtype]!;
      expect(rs.active).toBeUndefined();
      for (const count of [rs.succeeded, rs.failed]) expect(count).not.toBe(0);
      if (V1ScalingKinds.has(example.kind) && rtype === 'Worker')
        expect(rs.selector).toContain(`training.kubeflow.org/replica-type=${rtype.toLowerCase()}`);
      else if (!V1ScalingKinds.has(example.kind)) expect(rs.selector).toBeUndefined();
      expect((rs.succeeded ?? 0) + (rs.failed ?? 0)).toBeLessThanOrEqual(n);
    }
  });

  it('gives the MPI launcher its hostfile, kubectl and the RBAC to exec into the workers; Running when all run', async () => {
    const example = examples.find((e) => e.kind === 'MPIJob')!;
    const body = structuredClone(example.object) as Job;
    const name = 'mpi-running';
    body.metadata = { name };
    annotateReplicas('MPIJob', body, keepRunning());
    await createJob('MPIJob', namespace, body);
    await waitForJobCondition('MPIJob', namespace, name, 'Running', 'MPIJobRunning');
    const { core } = cluster();
    const config = await waitFor(`discover_hosts.sh of ${name} lists both workers`, async () => {
      const cm = await core.readNamespacedConfigMap({ name: `${name}-config`, namespace });
      return cm.data!['discover_hosts.sh']!.split('\n').length === 3 ? cm : undefined;
    });
    expect(config.data).toEqual({
      hostfile: `${name}-worker-0 slots=1\n${name}-worker-1 slots=1\n`,
      'kubexec.sh':
        '#!/bin/sh\nset -x\nPOD_NAME=$1\nshift\n/opt/kube/kubectl exec ${POD_NAME} -- /bin/sh -c "$*"',
      'discover_hosts.sh': `#!/bin/sh\necho ${name}-worker-0:1\necho ${name}-worker-1:1`,
    });
    expect(config.metadata!.labels).toEqual({ app: name });
    expect(config.metadata!.ownerReferences![0]).toMatchObject({ kind: 'MPIJob', name, controller: true });
    const rbac = cluster().kubeConfig.makeApiClient(RbacAuthorizationV1Api);
    const role = await rbac.readNamespacedRole({ name: `${name}-launcher`, namespace });
    expect(role.rules).toEqual([
      expect.objectContaining({ verbs: ['get', 'list', 'watch'], resources: ['pods'] }),
      expect.objectContaining({
        verbs: ['create'],
        resources: ['pods/exec'],
        resourceNames: [`${name}-worker-0`, `${name}-worker-1`],
      }),
    ]);
    const binding = await rbac.readNamespacedRoleBinding({ name: `${name}-launcher`, namespace });
    expect(binding.subjects).toEqual([
      expect.objectContaining({ kind: 'ServiceAccount', name: `${name}-launcher`, namespace }),
    ]);
    await core.readNamespacedServiceAccount({ name: `${name}-launcher`, namespace });
    const pods = await podsOf(namespace, name);
    const launcher = pods.get(`${name}-launcher`)!;
    expect(launcher.spec!.serviceAccountName).toBe(`${name}-launcher`);
    expect(launcher.spec!.initContainers!.map((c) => c.name)).toEqual(['kubectl-delivery']);
    // (and the ServiceAccount token volume the API server adds)
    expect(launcher.spec!.volumes!.map((v) => v.name)).toEqual(
      expect.arrayContaining(['mpi-job-kubectl', 'mpi-job-config']),
    );
    // v1.9.4 labels the launcher without a replica index, and no pod with `mpi-job-name`.
    expect(launcher.metadata!.labels).not.toHaveProperty('training.kubeflow.org/replica-index');
    expect(launcher.metadata!.labels).not.toHaveProperty('mpi-job-name');
    const worker = pods.get(`${name}-worker-0`)!;
    expect(worker.spec!.containers[0]!.command).toEqual(['sleep']);
    expect(worker.spec!.containers[0]!.args).toEqual(['365d']);
    expect(worker.spec!.containers[0]!.volumeMounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'mpi-job-config', mountPath: '/etc/mpi' })]),
    );
    const job = await readJob('MPIJob', namespace, name);
    expect(job.status!.replicaStatuses).toMatchObject({ Launcher: { active: 1 }, Worker: { active: 2 } });
  });

  it('gives PyTorch workers the init container that waits for the master host name', async () => {
    const worker = (await podsOf(namespace, 'pytorch-simple')).get('pytorch-simple-worker-0')!;
    const init = worker.spec!.initContainers!.find((c) => c.name === 'init-pytorch')!;
    expect(init.image).toBe('alpine:3.10');
    expect(init.command!.join(' ')).toContain('nslookup pytorch-simple-master-0');
    const services = await servicesOf(namespace, 'pytorch-simple');
    expect(services.get('pytorch-simple-master-0')!.spec!.ports).toEqual([
      expect.objectContaining({ name: 'pytorchjob-port', port: 23456 }),
    ]);
  });
});
