// SPDX-License-Identifier: Apache-2.0
// Upstream's TrainJob webhook integration checklist (test/integration/webhooks/trainjob_test.go,
// api-and-controller.md §10.3), against the real kube-apiserver calling our webhook server: each
// invalid TrainJob is refused with upstream's code (403 from the webhook, 422 from the CRD) and
// message, each valid one is stored, and the mutating webhook's time stamps are on the stored object.
// Beyond upstream: an UPDATE is validated against the job's runtime snapshot.
import { Kinds } from '@kubetrain/api';
import { stringify } from 'yaml';
import { resourceRef, type KubeObject } from '@kubetrain/kube';
import { clusterTrainingRuntime, trainJob, trainingRuntime } from './fixtures.js';
import { waitFor } from '../support/wait.js';
import { rejection, startWebhookHarness, TrainerResources, type WebhookHarness } from './harness.js';

const VALIDATOR = 'validator.trainjob.trainer.kubeflow.org';
const denial = (aggregate: string) => `admission webhook "${VALIDATOR}" denied the request: ${aggregate}`;

let h: WebhookHarness;
let ctr: string;
const origins: string[] = [];

beforeAll(async () => {
  h = await startWebhookHarness('wh-tj', { observeOrigin: (origin) => origins.push(origin) });
  ctr = `${h.id}-ctr`;
  const ns = h.namespace;
  await h.client.create(TrainerResources.TrainingRuntime, trainingRuntime(ns, 'training-runtime'));
  await h.client.create(
    TrainerResources.TrainingRuntime,
    trainingRuntime(
      ns,
      'no-model-container',
      { modelContainer: 'other' },
      { 'trainer.kubeflow.org/webhook-validation': 'disabled' },
    ),
  );
  await h.client.create(
    TrainerResources.TrainingRuntime,
    trainingRuntime(ns, 'trainer-only', { dataset: false, model: false }),
  );
  await h.client.create(
    TrainerResources.ClusterTrainingRuntime,
    clusterTrainingRuntime(ctr, h.clusterLabels),
  );
  const flux = trainingRuntime(ns, 'flux-reserved', { mlPolicy: { numNodes: 1, flux: {} } }) as KubeObject & {
    spec: {
      template: {
        spec: {
          replicatedJobs: {
            name: string;
            template: { spec: { template: { spec: Record<string, unknown> } } };
          }[];
        };
      };
    };
  };
  const node = flux.spec.template.spec.replicatedJobs.find((j) => j.name === 'node');
  if (node)
    node.template.spec.template.spec['initContainers'] = [{ name: 'flux-installer', image: 'docker.io/a:1' }];
  await h.client.create(TrainerResources.TrainingRuntime, flux);
  await h.client.create(
    TrainerResources.TrainingRuntime,
    trainingRuntime(ns, 'flux', { mlPolicy: { numNodes: 1, flux: {} } }),
  );
});

afterAll(async () => {
  await h?.client.delete(TrainerResources.ClusterTrainingRuntime, ctr).catch(() => undefined);
  await h?.stop();
});

type Job = ReturnType<typeof trainJob>;
type Expected = 'stored' | { code: 403; message: string | RegExp } | { code: 422 };
let seq = 0;
const create = (job: Job) =>
  h.client.create(TrainerResources.TrainJob, job as KubeObject, { namespace: h.namespace });
const job = (runtime = 'training-runtime', kind: string = Kinds.TrainingRuntime) =>
  trainJob(h.namespace, `job-${++seq}`, runtime, kind);
const nodePatch = (manager: string, podSpec: Record<string, unknown>) => ({
  manager,
  trainingRuntimeSpec: {
    template: {
      spec: { replicatedJobs: [{ name: 'node', template: { spec: { template: { spec: podSpec } } } }] },
    },
  },
});

async function expectOutcome(call: Promise<unknown>, expected: Expected): Promise<void> {
  const error = await rejection(call);
  if (expected === 'stored') {
    expect(error?.message).toBeUndefined();
    return;
  }
  expect(error?.code).toBe(expected.code);
  if (expected.code === 403) {
    expect(error?.reason).toBe('Forbidden');
    const message = error?.status?.message ?? '';
    expect(message.startsWith(`admission webhook "${VALIDATOR}" denied the request: `)).toBe(true);
    if (typeof expected.message === 'string') expect(message).toContain(expected.message);
    else expect(message).toMatch(expected.message);
  } else {
    expect(error?.reason).toBe('Invalid');
  }
}

describe('Validate TrainJob on creation', () => {
  const MAX = 1048576;
  const cases: [string, () => Job, Expected][] = [
    ['Should succeed in creating trainJob with namespace scoped trainingRuntime', () => job(), 'stored'],
    [
      'Should fail in creating trainJob referencing trainingRuntime not present in the namespace',
      () => job('absent'),
      {
        code: 403,
        message:
          'trainingruntimes.trainer.kubeflow.org "absent" not found: specified trainingRuntime must be created before the TrainJob is created',
      },
    ],
    [
      'Should fail in creating trainJob with negative numNodes',
      () => ({ ...job(), spec: { ...job().spec, trainer: { numNodes: -1 } } }),
      { code: 422 },
    ],
    [
      'Should succeed in creating trainJob with zero numNodes',
      () => {
        const j = job();
        j.spec.trainer = { numNodes: 0 };
        return j;
      },
      'stored',
    ],
    [
      'Should fail in creating trainJob with negative numProcPerNode',
      () => {
        const j = job();
        j.spec.trainer = { numProcPerNode: -5 };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should fail in creating trainJob with zero numProcPerNode',
      () => {
        const j = job();
        j.spec.trainer = { numProcPerNode: 0 };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed in creating trainJob with positive numNodes and numProcPerNode',
      () => {
        const j = job();
        j.spec.trainer = { numNodes: 2, numProcPerNode: 2 };
        return j;
      },
      'stored',
    ],
    [
      'Should succeed in creating trainJob referencing the ClusterTrainingRuntime',
      () => job(ctr, Kinds.ClusterTrainingRuntime),
      'stored',
    ],
    [
      'Should fail in creating trainJob with pre-trained model config when referencing a trainingRuntime without an initializer',
      () => {
        const j = job('no-model-container');
        j.spec.initializer = { model: { storageUri: 'hf://model' } };
        return j;
      },
      {
        code: 403,
        message: 'must have container with name - model-initializer in the model-initializer job',
      },
    ],
    [
      'Should fail in creating trainJob with dataset initializer when referencing a trainingRuntime without an initializer',
      () => {
        const j = job('trainer-only');
        j.spec.initializer = { dataset: { storageUri: 'hf://dataset' } };
        return j;
      },
      {
        code: 403,
        message: 'must have dataset-initializer job when trainJob is configured with input datasetConfig',
      },
    ],
    [
      'Should succeed in creating trainJob with dataset initializer when referencing a ClusterTrainingRuntime with an initializer',
      () => {
        const j = job(ctr, Kinds.ClusterTrainingRuntime);
        j.spec.initializer = { dataset: { storageUri: 'hf://dataset' } };
        return j;
      },
      'stored',
    ],
    [
      'Should succeed in creating trainJob with valid trainer config for torch runtime',
      () => {
        const j = job();
        j.spec.trainer = { numProcPerNode: 4 };
        return j;
      },
      'stored',
    ],
    [
      'Should fail in creating trainJob with trainer config having envs with reserved env names',
      () => {
        const j = job();
        j.spec.trainer = { env: [{ name: 'PET_NODE_RANK', value: '1' }] };
        return j;
      },
      { code: 403, message: /spec\.trainer\.env.*PET_NODE_RANK/ },
    ],
    [
      'Should fail in creating TrainJob with Flux numProcPerNode < 1',
      () => {
        const j = job('flux');
        j.spec.trainer = { numProcPerNode: 0 };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should fail in creating TrainJob with reserved flux-installer init container',
      () => job('flux-reserved'),
      {
        code: 403,
        message:
          'spec.trainer.initContainers: Invalid value: "flux-installer": InitContainer \'flux-installer\' is reserved',
      },
    ],
    [
      'Should fail with invalid dataset storageUri',
      () => {
        const j = job();
        j.spec.initializer = { dataset: { storageUri: 'invalid-uri' } };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed with empty dataset storageUri',
      () => {
        const j = job();
        j.spec.initializer = { dataset: {} };
        return j;
      },
      'stored',
    ],
    [
      'Should fail with dataset storageUri missing path',
      () => {
        const j = job();
        j.spec.initializer = { dataset: { storageUri: 's3://' } };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed with valid dataset storageUri',
      () => {
        const j = job();
        j.spec.initializer = { dataset: { storageUri: 's3://bucket/path' } };
        return j;
      },
      'stored',
    ],
    [
      'Should fail with invalid model storageUri',
      () => {
        const j = job();
        j.spec.initializer = { model: { storageUri: 'invalid-uri' } };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed with valid model storageUri',
      () => {
        const j = job();
        j.spec.initializer = { model: { storageUri: 'gs://bucket/model' } };
        return j;
      },
      'stored',
    ],
    [
      'Should succeed to create TrainJob with trainer command item at the max length',
      () => {
        const j = job();
        j.spec.trainer = { command: ['x'.repeat(MAX)] };
        return j;
      },
      'stored',
    ],
    [
      'Should fail to create TrainJob with trainer command item exceeding the max length',
      () => {
        const j = job();
        j.spec.trainer = { command: ['x'.repeat(MAX + 1)] };
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed to create TrainJob with trainer args item at the max length',
      () => {
        const j = job();
        j.spec.trainer = { args: ['x'.repeat(MAX)] };
        return j;
      },
      'stored',
    ],
    [
      'Should fail to create TrainJob with trainer args item exceeding the max length',
      () => {
        const j = job();
        j.spec.trainer = { args: ['x'.repeat(MAX + 1)] };
        return j;
      },
      { code: 422 },
    ],
  ];
  it.each(cases)('%s', async (_name, build, expected) => expectOutcome(create(build()), expected));
});

describe('RFC1035-compliant TrainJob name validation', () => {
  const named = (name: string) => ({ ...job(), metadata: { name, namespace: h.namespace } });
  const cases: [string, string, Expected][] = [
    ['valid-job-name', 'valid-job-name', 'stored'],
    // kubetrain's name-length rule (design decision 6): upstream stores it and then fails every reconcile.
    [
      'exactly 63 chars (refused by kubetrain: its pod names would pass 63 characters)',
      `a${'b'.repeat(62)}`,
      {
        code: 403,
        message:
          /^.*metadata\.name: Invalid value: "a?b+": must be no more than \d+ characters for runtime "training-runtime"/,
      },
    ],
    ['uppercase', 'Invalid-Name', { code: 422 }],
    ['starting with digit', '1job', { code: 422 }],
    ['ending with hyphen', 'job-', { code: 422 }],
    ['more than 63 chars', 'a'.repeat(64), { code: 422 }],
  ];
  it.each(cases)('%s', async (_name, name, expected) => expectOutcome(create(named(name)), expected));
});

describe('TrainJob marker validations and defaulting', () => {
  const cases: [string, () => Job, Expected][] = [
    [
      'managedBy trainer.kubeflow.org/trainjob-controller',
      () => {
        const j = job();
        j.spec.managedBy = 'trainer.kubeflow.org/trainjob-controller';
        return j;
      },
      'stored',
    ],
    [
      'managedBy kueue.x-k8s.io/multikueue',
      () => {
        const j = job();
        j.spec.managedBy = 'kueue.x-k8s.io/multikueue';
        return j;
      },
      'stored',
    ],
    [
      'invalid managedBy',
      () => {
        const j = job();
        j.spec.managedBy = 'example.com/other';
        return j;
      },
      { code: 422 },
    ],
    [
      'Should succeed to create trainJob with runtimePatches containing two replicated job patches',
      () => {
        const j = job();
        j.spec.runtimePatches = [
          nodePatch('acme.io/manager-one', { serviceAccountName: 'one' }),
          nodePatch('acme.io/manager-two', { serviceAccountName: 'two' }),
        ];
        return j;
      },
      'stored',
    ],
    [
      'Should succeed to create trainJob with valid RuntimePatches manager',
      () => {
        const j = job();
        j.spec.runtimePatches = [nodePatch('kueue.k8s.io/manager', {})];
        return j;
      },
      'stored',
    ],
    [
      'Should fail to create trainJob with invalid RuntimePatches manager',
      () => {
        const j = job();
        j.spec.runtimePatches = [nodePatch('kueue.k8s.io/', {})];
        return j;
      },
      { code: 403, message: 'spec.runtimePatches.manager: Invalid value: "kueue.k8s.io/"' },
    ],
    [
      'terminationGracePeriodSeconds 300',
      () => {
        const j = job();
        j.spec.runtimePatches = [nodePatch('acme.io/m', { terminationGracePeriodSeconds: 300 })];
        return j;
      },
      'stored',
    ],
    [
      'terminationGracePeriodSeconds -1',
      () => {
        const j = job();
        j.spec.runtimePatches = [nodePatch('acme.io/m', { terminationGracePeriodSeconds: -1 })];
        return j;
      },
      { code: 422 },
    ],
    [
      'terminationGracePeriodSeconds 0',
      () => {
        const j = job();
        j.spec.runtimePatches = [nodePatch('acme.io/m', { terminationGracePeriodSeconds: 0 })];
        return j;
      },
      'stored',
    ],
  ];
  it.each(cases)('%s', async (_name, build, expected) => expectOutcome(create(build()), expected));

  it('stores the CRD defaults: suspend=false, managedBy, runtimeRef.apiGroup and kind', async () => {
    const j = trainJob(h.namespace, `job-${++seq}`, ctr);
    j.spec.runtimeRef = { name: ctr };
    const stored = (await create(j)) as unknown as Job;
    expect(stored.spec).toMatchObject({
      suspend: false,
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
      runtimeRef: { name: ctr, apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
    });
  });

  it('Should set Time on each RuntimePatch when creating a TrainJob (the mutating webhook), keeping a time set', async () => {
    const j = job();
    j.spec.runtimePatches = [
      nodePatch('acme.io/one', {}),
      { ...nodePatch('acme.io/two', {}), time: '2026-01-02T03:04:05Z' },
    ];
    const stored = (await create(j)) as unknown as Job;
    const [one, two] = stored.spec.runtimePatches as { time?: string }[];
    expect(one?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(two?.time).toBe('2026-01-02T03:04:05Z');
  });
});

describe('Validate TrainJob on update', () => {
  const stored = async (change?: (j: Job) => void): Promise<Job> => {
    const j = job();
    j.spec.trainer = { image: 'docker.io/a:1' };
    j.spec.initializer = { model: { storageUri: 'hf://a' } };
    change?.(j);
    return (await create(j)) as unknown as Job;
  };
  const replace = (j: Job) => h.client.replace(TrainerResources.TrainJob, j as KubeObject);
  const cases: [string, (j: Job) => void, Expected, ((j: Job) => void)?][] = [
    [
      'Should fail to update managedBy',
      (j) => (j.spec.managedBy = 'kueue.x-k8s.io/multikueue'),
      { code: 422 },
    ],
    ['Should fail to update runtimeRef', (j) => (j.spec.runtimeRef.name = 'other'), { code: 422 }],
    [
      'Should fail to update initializer',
      (j) => (j.spec.initializer.model.storageUri = 'hf://b'),
      { code: 422 },
    ],
    ['Should fail to update trainer', (j) => (j.spec.trainer.image = 'docker.io/a:2'), { code: 422 }],
    [
      'Should succeed to update runtimePatches when suspend is true',
      (j) => (j.spec.runtimePatches = [nodePatch('acme.io/m', { nodeSelector: { a: 'b' } })]),
      'stored',
      (j) => (j.spec.suspend = true),
    ],
    [
      'Should fail to update runtimePatches when the TrainJob is not suspended',
      (j) => (j.spec.runtimePatches = [nodePatch('acme.io/m', { nodeSelector: { a: 'b' } })]),
      {
        code: 403,
        message:
          'spec.runtimePatches: Forbidden: RuntimePatches can only be modified when the TrainJob is suspended before or after the update',
      },
    ],
    [
      'Should fail to update TrainJob terminationGracePeriodSeconds after creation',
      (j) => (j.spec.runtimePatches = [nodePatch('acme.io/m', { terminationGracePeriodSeconds: 600 })]),
      { code: 422 },
      (j) => (j.spec.runtimePatches = [nodePatch('acme.io/m', { terminationGracePeriodSeconds: 300 })]),
    ],
  ];
  it.each(cases)('%s', async (...row) => {
    const [, change, expected, setup] = row;
    const j = await stored(setup);
    change(j);
    await expectOutcome(replace(j), expected);
  });
});

describe('runtimePatches while the JobSet runs', () => {
  it("refuses a change of runtimePatches while a replicatedJob of the TrainJob's JobSet is active, suspended or not", async () => {
    const j = job();
    j.spec.suspend = true;
    const stored = (await create(j)) as unknown as Job;
    const name = stored.metadata?.name ?? '';
    const jobSets = resourceRef('jobset.x-k8s.io/v1alpha2', 'jobsets', 'JobSet');
    await h.client.create(jobSets, {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name, namespace: h.namespace },
      spec: {
        failurePolicy: { maxRestarts: 0 },
        replicatedJobs: [
          {
            name: 'node',
            replicas: 1,
            template: {
              spec: {
                parallelism: 1,
                completions: 1,
                backoffLimit: 0,
                template: {
                  metadata: { annotations: { 'kwok.kubetrain.dev/outcome': 'run' } },
                  spec: {
                    restartPolicy: 'Never',
                    containers: [
                      {
                        name: 'node',
                        image: 'registry.example/trainer:1',
                        resources: { requests: { cpu: '1' } },
                      },
                    ],
                  },
                },
              },
            },
          },
        ],
      },
    } as KubeObject);
    await waitFor('the JobSet has an active replicatedJob', async () => {
      const js = (await h.client.get(jobSets, name, { namespace: h.namespace })) as KubeObject & {
        status?: { replicatedJobsStatus?: { name: string; active: number }[] };
      };
      return (js.status?.replicatedJobsStatus ?? []).some((r) => r.active > 0) ? true : undefined;
    });
    stored.spec.runtimePatches = [nodePatch('acme.io/m', { nodeSelector: { a: 'b' } })];
    await expectOutcome(h.client.replace(TrainerResources.TrainJob, stored as KubeObject), {
      code: 403,
      message:
        "spec.runtimePatches: Forbidden: RuntimePatches cannot be modified when the JobSet's ReplicatedJob node is still active",
    });
    await h.client.delete(jobSets, name, { namespace: h.namespace, propagationPolicy: 'Background' });
  });
});

describe('beyond upstream: updates are validated against the runtime snapshot', () => {
  it('allows updating a job whose runtime was deleted when its snapshot exists, and refuses it without one', async () => {
    const ns = h.namespace;
    await h.client.create(TrainerResources.TrainingRuntime, trainingRuntime(ns, 'short-lived'));
    const withSnapshot = (await create(trainJob(ns, `snap-${++seq}`, 'short-lived'))) as unknown as Job;
    const without = (await create(trainJob(ns, `nosnap-${++seq}`, 'short-lived'))) as unknown as Job;
    const runtime = await h.client.get(TrainerResources.TrainingRuntime, 'short-lived', { namespace: ns });
    await h.client.create(TrainerResources.ConfigMap, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: `${withSnapshot.metadata?.name}-runtime-snapshot`,
        namespace: ns,
        ownerReferences: [
          {
            apiVersion: 'trainer.kubeflow.org/v1alpha1',
            kind: 'TrainJob',
            name: withSnapshot.metadata?.name ?? '',
            uid: withSnapshot.metadata?.uid ?? '',
            controller: true,
          },
        ],
      },
      data: { runtime: stringify(runtime) },
    } as KubeObject);
    await h.client.delete(TrainerResources.TrainingRuntime, 'short-lived', { namespace: ns });
    origins.length = 0;
    // Kueue's suspend toggle.
    withSnapshot.spec.suspend = true;
    await expectOutcome(h.client.replace(TrainerResources.TrainJob, withSnapshot as KubeObject), 'stored');
    expect(origins).toEqual(['snapshot']);
    without.spec.suspend = true;
    await expectOutcome(h.client.replace(TrainerResources.TrainJob, without as KubeObject), {
      code: 403,
      message: 'specified trainingRuntime must be created before the TrainJob is created',
    });
    expect(origins).toEqual(['snapshot', 'missing']);
  });

  it('the denial message is the field error aggregate behind controller-runtime prefix', async () => {
    const error = await rejection(create(job('absent')));
    expect(error?.status?.message?.startsWith(denial('spec.runtimeRef: Invalid value: '))).toBe(true);
  });
});

describe('Beyond upstream: output the API server could not store is refused at admission', () => {
  it('refuses an MPI TrainJob with 2^31-1 nodes, naming the limit and the largest numNodes that fits', async () => {
    const runtime = trainingRuntime(h.namespace, 'mpi', { mlPolicy: { numNodes: 1, mpi: {} } });
    await h.client.create(TrainerResources.TrainingRuntime, runtime);
    const huge = job('mpi');
    huge.spec.trainer = { numNodes: 2147483647 };
    await expectOutcome(create(huge), {
      code: 403,
      message: new RegExp(
        `spec.trainer.numNodes: Invalid value: 2147483647: the MPI hostfile \\(ConfigMap "${huge.metadata!.name}-mpi-hostfile"\\) ` +
          `would be \\d+ bytes, over the 1048576 bytes the API server stores in a ConfigMap's data; ` +
          `the largest spec.trainer.numNodes that fits is \\d+`,
      ),
    });
    const usual = job('mpi');
    usual.spec.trainer = { numNodes: 512 };
    await expectOutcome(create(usual), 'stored');
  });

  it('refuses a torch TrainJob over the Indexed Job parallelism limit, and stores one at it', async () => {
    const runtime = trainingRuntime(h.namespace, 'indexed', { mlPolicy: { numNodes: 1, torch: {} } });
    await h.client.create(TrainerResources.TrainingRuntime, runtime);
    const wide = job('indexed');
    wide.spec.trainer = { numNodes: 100001 };
    await expectOutcome(create(wide), {
      code: 403,
      message: new RegExp(
        'spec.trainer.numNodes: Invalid value: 100001: the Jobs of replicated job "node" \\(Indexed Jobs\\) ' +
          'would be 100001 pods in parallel, over the 100000 pods in parallel Kubernetes allows an Indexed Job; ' +
          'the largest spec.trainer.numNodes that fits is 100000',
      ),
    });
    const widest = job('indexed');
    widest.spec.trainer = { numNodes: 100000 };
    await expectOutcome(create(widest), 'stored');
  });
});
