// SPDX-License-Identifier: Apache-2.0
// The runtimes page's rows, and what the user may not list shown as "forbidden".
import { errorFromStatus, type KubeObject } from '@kubetrain/kube';
import { torchRuntime } from '@kubetrain/testing';
import { FakeCluster } from './fake-cluster.js';
import { MAX_RUNTIMES, runtimeRow, runtimesView } from './runtimes-view.js';

const forbidden = (what: string) =>
  errorFromStatus({ kind: 'Status', code: 403, reason: 'Forbidden', message: `${what} is forbidden` });

const runtime = (
  name: string,
  namespace: string | undefined,
  spec: Record<string, unknown>,
  labels = {},
): KubeObject => ({ metadata: { name, ...(namespace ? { namespace } : {}), labels }, spec }) as KubeObject;

/** The template of a runtime whose trainer image is `pytorch`. */
const trainer = { template: torchRuntime().spec.template };

describe('runtimeRow', () => {
  it.each<[string, KubeObject, string, Partial<ReturnType<typeof runtimeRow>>]>([
    [
      'a torch runtime',
      runtime(
        'torch',
        undefined,
        { mlPolicy: { numNodes: 2, torch: {} }, ...trainer },
        { 'trainer.kubeflow.org/framework': 'torch' },
      ),
      'ClusterTrainingRuntime',
      { name: 'torch', namespace: '', framework: 'torch', policy: 'torch', nodes: 2, image: 'pytorch' },
    ],
    [
      'an MPI runtime in a namespace, nodes unset',
      runtime('mpi', 'team-a', { mlPolicy: { mpi: { mpiImplementation: 'OpenMPI' } } }),
      'TrainingRuntime',
      { name: 'mpi', namespace: 'team-a', framework: '<none>', policy: 'mpi', nodes: 1, image: '<none>' },
    ],
    [
      'a runtime without a policy',
      runtime('plain', undefined, {}),
      'ClusterTrainingRuntime',
      { policy: '<none>', nodes: 1 },
    ],
  ])('%s', (_, object, kind, expected) => {
    expect(runtimeRow(object, kind)).toMatchObject({ kind, ...expected });
  });
});

describe('runtimesView', () => {
  it.each<[string, (c: FakeCluster) => void, (string | undefined)[], object]>([
    [
      'both kinds, sorted by name',
      (c) => {
        c.listed.clustertrainingruntimes.push(runtime('b', undefined, {}), runtime('a', undefined, {}));
        c.listed.trainingruntimes.push(runtime('mine', 'team-a', {}));
      },
      [undefined, 'team-a'],
      {
        cluster: { items: [{ name: 'a' }, { name: 'b' }], notes: [] },
        namespaced: { items: [{ name: 'mine', namespace: 'team-a' }], notes: [] },
      },
    ],
    [
      'cluster runtimes forbidden; namespaced ones from the fallback namespace',
      (c) => {
        c.refusals.set('clustertrainingruntimes *', forbidden('clustertrainingruntimes'));
        c.refusals.set('trainingruntimes *', forbidden('trainingruntimes'));
        c.listed.trainingruntimes.push(runtime('mine', 'team-a', {}), runtime('theirs', 'team-b', {}));
      },
      [undefined, 'team-a'],
      {
        cluster: { items: [], error: 'forbidden: clustertrainingruntimes is forbidden' },
        namespaced: {
          items: [{ name: 'mine' }],
          notes: ['namespace team-a only: you may not list TrainingRuntimes in every namespace'],
        },
      },
    ],
    [
      'no namespace allowed at all',
      (c) => {
        c.refusals.set('trainingruntimes team-a', forbidden('trainingruntimes'));
      },
      ['team-a'],
      { namespaced: { items: [], error: 'forbidden: trainingruntimes is forbidden' } },
    ],
  ])('%s', async (_, arrange, scopes, expected) => {
    const cluster = new FakeCluster();
    arrange(cluster);
    expect(await runtimesView(cluster, scopes)).toMatchObject(expected);
  });

  it(`reads at most ${MAX_RUNTIMES} of a kind, and says so`, async () => {
    const cluster = new FakeCluster();
    for (let i = 0; i < MAX_RUNTIMES + 5; i++)
      cluster.listed.clustertrainingruntimes.push(runtime(`r-${String(i).padStart(4, '0')}`, undefined, {}));
    const view = await runtimesView(cluster, [undefined]);
    expect(view.cluster.items).toHaveLength(MAX_RUNTIMES);
    expect(view.cluster.notes).toEqual([`only the first ${MAX_RUNTIMES} are shown`]);
  });
});
