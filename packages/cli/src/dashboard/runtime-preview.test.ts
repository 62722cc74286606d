// SPDX-License-Identifier: Apache-2.0
// The runtimes page's preview: the shipped runtimes rendered as `kubetrain render` renders them, and
// what it refuses, each error naming its field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorFromStatus } from '@kubetrain/kube';
import { parse } from 'yaml';
import { FakeCluster } from './fake-cluster.js';
import { previewRefOf } from './pages-api.js';
import { previewOf, runtimePreview, type PreviewRef } from './runtime-preview.js';

const shippedDir = join(import.meta.dirname, '..', '..', '..', '..', 'manifests', 'runtimes');
const shipped = (name: string): Record<string, unknown> =>
  parse(readFileSync(join(shippedDir, `${name}.yaml`), 'utf8')) as Record<string, unknown>;
const cluster = (name: string): PreviewRef => ({ kind: 'ClusterTrainingRuntime', namespace: 'team-a', name });

/** `runtime` with `spec.mlPolicy` replaced. */
const withPolicy = (runtime: Record<string, unknown>, mlPolicy: unknown) => ({
  ...runtime,
  spec: { ...(runtime.spec as object), mlPolicy },
});

describe('previewOf', () => {
  it.each([
    ['torch-distributed', ['ConfigMap', 'JobSet']],
    ['deepspeed-distributed', ['ConfigMap', 'Secret', 'JobSet']],
  ])('renders the shipped %s for a default TrainJob', (name, kinds) => {
    const answer = previewOf(shipped(name), cluster(name));
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.errors).toEqual([]);
    const docs = body.yaml
      .split(/^---$/m)
      .map((d) => parse(d) as { kind: string; metadata: { namespace?: string } });
    for (const kind of kinds) expect(docs.map((d) => d.kind)).toContain(kind);
    expect(body.objects).toContain('jobset.jobset.x-k8s.io/preview');
    expect(docs.find((d) => d.kind === 'JobSet')?.metadata.namespace).toBe('team-a');
  });

  it('is the same render every time (the preview key pair is derived, not random)', () => {
    const a = previewOf(shipped('deepspeed-distributed'), cluster('deepspeed-distributed'));
    const b = previewOf(shipped('deepspeed-distributed'), cluster('deepspeed-distributed'));
    expect(a).toEqual(b);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'an object over the API server size',
      {
        ...shipped('torch-distributed'),
        metadata: { name: 'big', annotations: { a: 'x'.repeat(3 * 1024 * 1024) } },
      },
      /^ClusterTrainingRuntime\/torch-distributed: Request entity too large: limit is 3145728$/,
    ],
    [
      'a runtime the API server would refuse (two ML policy sources)',
      withPolicy(shipped('torch-distributed'), { numNodes: 1, torch: {}, mpi: {} }),
      /^ClusterTrainingRuntime\/torch-distributed: spec\.mlPolicy: /,
    ],
    [
      'a render over the output bounds (an MPI hostfile over 1 MiB)',
      withPolicy(shipped('deepspeed-distributed'), {
        ...(shipped('deepspeed-distributed').spec as { mlPolicy: object }).mlPolicy,
        numNodes: 2_000_000,
      }),
      /^TrainJob\/preview: spec\.trainer\.numNodes: Invalid value: 2000000: the MPI hostfile/,
    ],
    [
      'more pods than an Indexed Job may run',
      withPolicy(shipped('torch-distributed'), { numNodes: 2_000_000, torch: {} }),
      /^TrainJob\/preview: spec\.trainer\.numNodes: Invalid value: 2000000: /,
    ],
  ])('refuses %s, naming the field', (_, runtime, error) => {
    const answer = previewOf(runtime, cluster('torch-distributed'));
    expect(answer.status).toBe(422);
    const body = answer.body;
    expect(body.yaml).toBe('');
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors.join('\n')).toMatch(error);
  });
});

describe('runtimePreview', () => {
  it('reads the runtime with the user credentials: a refusal is "forbidden", a missing one "not found"', async () => {
    const fake = new FakeCluster();
    fake.refusals.set(
      'trainingruntimes team-a',
      errorFromStatus({
        kind: 'Status',
        code: 403,
        reason: 'Forbidden',
        message: 'trainingruntimes is forbidden',
      }),
    );
    const forbidden = await runtimePreview(fake, {
      kind: 'TrainingRuntime',
      namespace: 'team-a',
      name: 'mine',
    });
    expect(forbidden).toEqual({ status: 403, body: { error: 'forbidden: trainingruntimes is forbidden' } });
    const missing = await runtimePreview(fake, cluster('nope'));
    expect(missing.status).toBe(404);
    fake.listed.clustertrainingruntimes.push(shipped('torch-distributed') as never);
    expect((await runtimePreview(fake, cluster('torch-distributed'))).status).toBe(200);
  });
});

describe('previewRefOf', () => {
  const scopes = [undefined, 'home'];
  it.each<[string, Record<string, string>, PreviewRef | string]>([
    [
      'a cluster runtime, in the last namespace',
      { kind: 'ClusterTrainingRuntime', name: 'torch' },
      { kind: 'ClusterTrainingRuntime', name: 'torch', namespace: 'home' },
    ],
    [
      'a cluster runtime, namespace given',
      { kind: 'ClusterTrainingRuntime', name: 'torch', namespace: 'x' },
      { kind: 'ClusterTrainingRuntime', name: 'torch', namespace: 'x' },
    ],
    [
      'a namespaced runtime',
      { kind: 'TrainingRuntime', name: 'r', namespace: 'ns' },
      { kind: 'TrainingRuntime', name: 'r', namespace: 'ns' },
    ],
    [
      'a namespaced runtime without its namespace',
      { kind: 'TrainingRuntime', name: 'r' },
      'namespace: not a valid namespace name',
    ],
    ['another kind', { kind: 'Pod', name: 'r' }, 'kind: must be ClusterTrainingRuntime or TrainingRuntime'],
    [
      'a bad name',
      { kind: 'TrainingRuntime', name: '../x', namespace: 'ns' },
      'name: not a valid runtime name',
    ],
  ])('%s', (_, params, expected) => {
    expect(previewRefOf(new URLSearchParams(params), scopes)).toEqual(expected);
  });
});
