// SPDX-License-Identifier: Apache-2.0
// Upstream's TrainingRuntime and ClusterTrainingRuntime webhook checklist
// (trainingruntime_webhook_test.go, clustertrainingruntime_webhook_test.go, api-and-controller.md
// §10.4) against the real API server calling our webhook: valid runtimes are stored with the CRD
// defaults, invalid ones refused with upstream's code and message, the opt-out label honoured, and
// the deprecation warning passed through.
import { execFileSync, spawn } from 'node:child_process';
import { Kinds } from '@kubetrain/api';
import type { KubeObject } from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';
import { clusterTrainingRuntime, runtimeSpec, trainingRuntime } from './fixtures.js';
import { rejection, startWebhookHarness, TrainerResources, type WebhookHarness } from './harness.js';

let h: WebhookHarness;
let seq = 0;
const created: string[] = [];

beforeAll(async () => {
  h = await startWebhookHarness('wh-rt');
});

afterAll(async () => {
  for (const name of created)
    await h?.client.delete(TrainerResources.ClusterTrainingRuntime, name).catch(() => undefined);
  await h?.stop();
});

type Runtime = KubeObject & { spec: Record<string, unknown> };
const tr = (mlPolicy?: Record<string, unknown>) =>
  trainingRuntime(h.namespace, `rt-${++seq}`, mlPolicy ? { mlPolicy } : {}) as Runtime;
const createTR = (rt: Runtime) => h.client.create(TrainerResources.TrainingRuntime, rt);
const createCTR = (rt: Runtime) => {
  created.push(rt.metadata?.name ?? '');
  return h.client.create(TrainerResources.ClusterTrainingRuntime, rt);
};

describe('Validate TrainingRuntime on creation', () => {
  const policies: [string, Record<string, unknown> | undefined, number | 'stored'][] = [
    ['Should succeed to create TrainingRuntime', undefined, 'stored'],
    ['succeed default runtime', { numNodes: 1, torch: {} }, 'stored'],
    ['fail MPI+Torch', { mpi: {}, torch: {} }, 422],
    ['fail JAX+Torch', { jax: {}, torch: {} }, 422],
    ['fail Torch+Flux', { torch: {}, flux: {} }, 422],
    ['fail MPI+Flux', { mpi: {}, flux: {} }, 422],
    ['fail JAX+Flux', { jax: {}, flux: {} }, 422],
    ['fail JAX+MPI', { jax: {}, mpi: {} }, 422],
    ['fail all four runtimes configured', { torch: {}, mpi: {}, jax: {}, flux: {} }, 422],
    ['fail non-supported mpi.mpiImplementation', { mpi: { mpiImplementation: 'invalid' } }, 422],
    ['fail mpi.numProcPerNode < 1', { mpi: { numProcPerNode: 0 } }, 422],
  ];
  it.each(policies)('%s', async (_name, mlPolicy, expected) => {
    const error = await rejection(createTR(tr(mlPolicy)));
    if (expected === 'stored') expect(error?.message).toBeUndefined();
    else expect([error?.code, error?.reason]).toEqual([expected, 'Invalid']);
  });

  it.each<[string, Record<string, unknown>]>([
    ['mpi.mpiImplementation=OpenMPI', { mpiImplementation: 'OpenMPI' }],
    ['mpi.sshAuthMountPath=/root/.ssh', { sshAuthMountPath: '/root/.ssh' }],
    ['mpi.runLauncherAsNode=false', { runLauncherAsNode: false }],
    ['mpi.numProcPerNode=1', { numProcPerNode: 1 }],
  ])('Defaulting TrainingRuntime on creation: %s', async (_name, expected) => {
    const stored = (await createTR(tr({ numNodes: 1, mpi: {} }))) as Runtime;
    expect((stored.spec['mlPolicy'] as { mpi: unknown }).mpi).toMatchObject(expected);
  });

  it('refuses a trainer step with replicas 2 and an ancestor job without its container (403, every error)', async () => {
    const rt = tr();
    type Job = {
      replicas: number;
      template: { spec: { template: { spec: { containers: { name: string }[] } } } };
    };
    const jobs = (rt.spec['template'] as { spec: { replicatedJobs: Job[] } }).spec.replicatedJobs;
    jobs[0]!.replicas = 2;
    jobs[1]!.template.spec.template.spec.containers[0]!.name = 'renamed';
    const error = await rejection(createTR(rt));
    expect([error?.code, error?.reason]).toEqual([403, 'Forbidden']);
    const message = error?.status?.message ?? '';
    expect(message).toMatch(
      new RegExp(
        '^admission webhook "validator.trainingruntime.trainer.kubeflow.org" denied the request: \\[' +
          'spec.template.spec.replicatedJobs\\[0\\].replicas: Invalid value: 2: always must be 1, ' +
          'spec.template.spec.replicatedJobs\\[1\\].template.spec.template.spec.containers: Invalid value: \\[.*"name":"renamed".*\\]: ' +
          'must contain the required container for the ancestor: model-initializer\\]$',
      ),
    );
  });

  it('skips validation of a runtime labelled trainer.kubeflow.org/webhook-validation: disabled', async () => {
    const rt = tr();
    rt.metadata = { ...rt.metadata, labels: { 'trainer.kubeflow.org/webhook-validation': 'disabled' } };
    const jobs = (rt.spec['template'] as { spec: { replicatedJobs: { replicas: number }[] } }).spec
      .replicatedJobs;
    jobs[0]!.replicas = 2;
    expect((await rejection(createTR(rt)))?.message).toBeUndefined();
  });

  it('does not validate a TrainingRuntime update (as upstream)', async () => {
    const stored = (await createTR(tr())) as Runtime;
    const jobs = (stored.spec['template'] as { spec: { replicatedJobs: { replicas: number }[] } }).spec
      .replicatedJobs;
    jobs[0]!.replicas = 2;
    expect(
      (await rejection(h.client.replace(TrainerResources.TrainingRuntime, stored)))?.message,
    ).toBeUndefined();
  });
});

describe('ClusterTrainingRuntime Webhook', () => {
  const ctr = (labels: Record<string, string> = {}) =>
    clusterTrainingRuntime(`${h.id}-${++seq}`, { ...h.clusterLabels, ...labels }) as Runtime;

  it('Should succeed to create ClusterTrainingRuntime', async () => {
    const stored = (await createCTR(ctr())) as Runtime;
    expect(stored.kind).toBe(Kinds.ClusterTrainingRuntime);
    expect(stored.spec).toMatchObject(runtimeSpec());
  });

  it('warns when a deprecated ClusterTrainingRuntime is created (the API server passes the warning on)', async () => {
    const rt = ctr({ 'trainer.kubeflow.org/support': 'deprecated' });
    const name = rt.metadata?.name ?? '';
    const kubectl = execFileSync('hack/cluster/which.sh', ['kubectl'], { encoding: 'utf8' }).trim();
    // Asynchronously: this process serves the webhook kubectl's request reaches.
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(kubectl, [
        '--kubeconfig',
        kubeconfigPath(),
        'create',
        '--dry-run=server',
        '-f',
        '-',
      ]);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => resolve({ status, stderr }));
      child.stdin.end(JSON.stringify(rt));
    });
    expect({
      status: run.status,
      stderr: run.stderr.split('\n').filter((l) => !l.startsWith('Warning')),
    }).toEqual({
      status: 0,
      stderr: [''],
    });
    expect(run.stderr).toContain(
      `Warning: ClusterTrainingRuntime "${name}" is deprecated and will be removed in a future release of Kubeflow Trainer. ` +
        'See runtime deprecation policy: https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy',
    );
  });

  it('validates a ClusterTrainingRuntime update (as upstream)', async () => {
    const stored = (await createCTR(ctr())) as Runtime;
    const jobs = (stored.spec['template'] as { spec: { replicatedJobs: { replicas: number }[] } }).spec
      .replicatedJobs;
    jobs[0]!.replicas = 2;
    const error = await rejection(h.client.replace(TrainerResources.ClusterTrainingRuntime, stored));
    expect(error?.status?.message).toBe(
      'admission webhook "validator.clustertrainingruntime.trainer.kubeflow.org" denied the request: ' +
        'spec.template.spec.replicatedJobs[0].replicas: Invalid value: 2: always must be 1',
    );
  });
});
