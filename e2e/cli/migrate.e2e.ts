// SPDX-License-Identifier: Apache-2.0
// `kubetrain migrate` (bin/kubetrain, a child process; it never contacts the cluster) on Training
// Operator v1 examples, its output applied to the local control plane with kubetrain's manager
// in-process for the suite's namespace: the API server accepts the TrainJob (and the TrainingRuntime
// printed before it) as printed, and the TrainJob runs to Complete on the kwok nodes (pods of a Job
// succeed after one second there).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import type { KubernetesObject } from '@kubernetes/client-node';
import { v1ExamplesDir } from '@kubetrain/testing';
import { applyObject, REPO_ROOT } from '../support/apply.js';
import { JOBSET_NAME_LABEL } from '../support/jobset.js';
import { succeedAfter } from '../support/kwok.js';
import { listPods } from '../support/pods.js';
import { readTrainJob, waitForCondition } from '../controller/harness.js';
import { FIELD_MANAGER, prepareSuite, type SuiteCluster } from './suite-cluster.js';

/** The repository's `bin/kubetrain`. */
const KUBETRAIN = join(REPO_ROOT, 'bin', 'kubetrain');

const V1_EXAMPLES = v1ExamplesDir;

interface Migrated {
  readonly code: number;
  readonly stderr: string;
  readonly objects: (KubernetesObject & { spec?: Record<string, unknown> })[];
}

/** Runs `kubetrain migrate <args>` (feeding `stdin` when given) without any kubeconfig in its environment. */
function runMigrate(args: readonly string[], stdin?: string): Promise<Migrated> {
  const { KUBECONFIG: _ignored, ...env } = process.env;
  return new Promise((resolve) => {
    const child = execFile(KUBETRAIN, ['migrate', ...args], { env }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      const objects = parseAllDocuments(stdout).map((d) => d.toJS() as Migrated['objects'][number]);
      resolve({ code, stderr, objects });
    });
    child.stdin?.end(stdin ?? '');
  });
}

/** `kubetrain migrate -f <example>`. */
// The examples' warnings are checked by the unit goldens; here the objects must run.
const migrate = (example: string) => runMigrate(['-f', join(V1_EXAMPLES, example)]);

describe('kubetrain migrate output on the local control plane', () => {
  let suite: SuiteCluster;
  let namespace: string;

  beforeAll(async () => {
    suite = await prepareSuite('e2e-migrate');
    namespace = suite.namespace;
  });

  afterAll(async () => {
    await suite?.teardown();
  });

  /** Applies the migrated objects, in order, into the suite's namespace; returns them as stored. */
  async function applyAll(objects: Migrated['objects']): Promise<KubernetesObject[]> {
    const stored: KubernetesObject[] = [];
    for (const object of objects) {
      const body = { ...object, metadata: { ...object.metadata, namespace } };
      stored.push(await applyObject(body, FIELD_MANAGER));
    }
    return stored;
  }

  it('a PyTorchJob (examples/pytorch/simple.yaml): a TrainJob on torch-distributed, accepted, Complete', async () => {
    const got = await migrate('pytorch/simple.yaml');
    expect(got.code).toBe(0);
    expect(got.stderr).toContain('migrated 1 of 1 v1 jobs into 1 objects');
    expect(got.objects.map((o) => o.kind)).toEqual(['TrainJob']);
    const [trainJob] = got.objects;
    expect(trainJob?.spec?.runtimeRef).toEqual({
      name: 'torch-distributed',
      apiGroup: 'trainer.kubeflow.org',
      kind: 'ClusterTrainingRuntime',
    });

    await applyAll(got.objects);
    const stored = await readTrainJob(namespace, 'pytorch-simple');
    // The API server kept every field as printed.
    expect(stored.spec?.trainer).toEqual(trainJob?.spec?.trainer);
    expect(stored.spec?.trainer?.numNodes).toBe(2);
    const done = await waitForCondition(namespace, 'pytorch-simple', 'Complete');
    expect(done.status?.conditions?.some((c) => c.type === 'Failed' && c.status === 'True')).toBe(false);
  });

  it('a PyTorchJob whose pod template has labels and annotations: a runtime patch that reaches the pods', async () => {
    const name = 'patched-pytorch';
    const v1 = stringify({
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name },
      spec: {
        pytorchReplicaSpecs: {
          Worker: {
            replicas: 2,
            template: {
              // The kwok nodes read the outcome from the pod's annotations.
              metadata: { labels: { team: 'migrated' }, annotations: succeedAfter('2s') },
              spec: {
                containers: [{ name: 'pytorch', image: 'train:1', command: ['torchrun', 'train.py'] }],
              },
            },
          },
        },
      },
    });
    const got = await runMigrate(['-f', '-'], v1);
    expect(got.code).toBe(0);
    expect(got.objects.map((o) => o.kind)).toEqual(['TrainJob']);
    await applyAll(got.objects);
    const stored = await readTrainJob(namespace, name);
    expect(stored.spec?.runtimePatches?.map((p) => p.manager)).toEqual(['kubetrain.dev/migrate']);
    await waitForCondition(namespace, name, 'Complete');
    const pods = await listPods(namespace, `${JOBSET_NAME_LABEL}=${name}`);
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.metadata?.labels?.team).toBe('migrated');
      expect(pod.metadata?.annotations).toMatchObject(succeedAfter('2s'));
    }
  });

  // The other examples: each job's objects applied in order (its TrainingRuntime first), Complete.
  it.each([
    ['pytorch/elastic/echo/echo.yaml', 'elastic-example-echo', ['TrainJob']],
    ['xgboost/xgboostjob.yaml', 'xgboost-dist-iris-test-train', ['TrainingRuntime', 'TrainJob']],
    ['jax/cpu-demo/demo.yaml', 'jaxjob-simple', ['TrainJob']],
    ['tensorflow/simple.yaml', 'tfjob-simple', ['TrainingRuntime', 'TrainJob']],
    ['tensorflow/dist-mnist/tf_job_mnist.yaml', 'dist-mnist-for-e2e-test', ['TrainingRuntime', 'TrainJob']],
    ['paddlepaddle/simple-cpu.yaml', 'paddle-simple-cpu', ['TrainingRuntime', 'TrainJob']],
    ['mpi/tensorflow-mnist.yaml', 'tensorflow-mnist', ['TrainingRuntime', 'TrainJob']],
  ])('%s: %s accepted and Complete', async (example, name, kinds) => {
    const got = await migrate(example);
    expect(got.code).toBe(0);
    expect(got.objects.map((o) => o.kind)).toEqual(kinds);
    await applyAll(got.objects);
    const stored = await readTrainJob(namespace, name);
    const expectedRef = kinds.includes('TrainingRuntime')
      ? { name, apiGroup: 'trainer.kubeflow.org', kind: 'TrainingRuntime' }
      : got.objects.at(-1)?.spec?.runtimeRef;
    expect(stored.spec?.runtimeRef).toEqual(expectedRef);
    await waitForCondition(namespace, name, 'Complete');
  });
});
