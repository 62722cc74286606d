// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from '@kubetrain/kube';
import { torchRuntime } from '@kubetrain/testing';
import { FakeCluster, type FakeWatch } from './fake-cluster.js';
import { recordingStream } from './fake-stream.js';
import { LIST_BATCH_MS, streamJobs } from './list-feed.js';
import { WatchHub } from './watch-hub.js';
import type { Watched } from './cluster-port.js';
import type { JobChanges, JobRow, JobsSnapshot } from './web/feed-types.js';

const trainJob = (name: string, runtime: string): KubeObject =>
  ({
    metadata: { name, namespace: 'team-a', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { runtimeRef: { name: runtime, kind: 'ClusterTrainingRuntime' }, trainer: { numNodes: 2 } },
  }) as KubeObject;

/** A ClusterTrainingRuntime whose node container asks for `gpus` GPUs. */
const runtime = (name: string, gpus: number): KubeObject => {
  const rt = torchRuntime({ limits: { 'nvidia.com/gpu': gpus } }) as unknown as KubeObject;
  return { ...rt, metadata: { name } };
};

const pytorchJob: KubeObject = {
  apiVersion: 'kubeflow.org/v1',
  kind: 'PyTorchJob',
  metadata: { name: 'mnist', namespace: 'team-a' },
  spec: { pytorchReplicaSpecs: { Master: { replicas: 1 }, Worker: { replicas: 2 } } },
  status: { conditions: [{ type: 'Succeeded', status: 'True' }] },
} as KubeObject;

const forbidden = (resource: string) => `forbidden: User "bob" cannot list resource "${resource}"`;
const NOT_SERVED = 'not found: the server could not find the requested resource';

/** What each watch does when it starts: sync these objects, or fail with this message. */
type Behaviour = KubeObject[] | string | 'hold';

function setup(behaviours: Partial<Record<Watched, Behaviour>>) {
  const cluster = new FakeCluster();
  const held = new Map<Watched, FakeWatch>();
  cluster.onStart = (watch, resource) => {
    const b = behaviours[resource] ?? NOT_SERVED;
    if (b === 'hold') held.set(resource, watch);
    else if (typeof b === 'string') watch.listener?.failed(b);
    else watch.sync(b);
  };
  const hub = new WatchHub();
  const { stream, sent, close } = recordingStream();
  streamJobs(stream, hub, cluster, ['team-a']);
  const snapshot = () => sent.find((e) => e.event === 'snapshot')?.data as JobsSnapshot | undefined;
  return { cluster, hub, sent, close, held, snapshot };
}

const batch = () => new Promise((resolve) => setTimeout(resolve, LIST_BATCH_MS * 2));
const brief = (r: JobRow) => [r.kind, r.name, r.state, r.nodes, r.gpus];

describe('streamJobs', () => {
  const cases: Record<
    string,
    { behaviours: Partial<Record<Watched, Behaviour>>; rows: unknown[][]; notice: string }
  > = {
    "a TrainJob's GPUs from its runtime; no v1 CRD installed": {
      behaviours: {
        trainjobs: [trainJob('llm', 'gpu-rt')],
        clustertrainingruntimes: [runtime('gpu-rt', 4)],
        trainingruntimes: [],
      },
      rows: [['TrainJob', 'llm', 'Created', 2, 8]],
      notice: '',
    },
    'runtimes the user may not list: the job alone': {
      behaviours: {
        trainjobs: [trainJob('llm', 'gpu-rt')],
        clustertrainingruntimes: forbidden('clustertrainingruntimes'),
        trainingruntimes: forbidden('trainingruntimes'),
      },
      rows: [['TrainJob', 'llm', 'Created', 2, 0]],
      notice: '',
    },
    'a v1 job beside the TrainJobs; the forbidden kinds named in one note, another failure as it is': {
      behaviours: {
        trainjobs: [trainJob('llm', 'gpu-rt')],
        clustertrainingruntimes: [],
        trainingruntimes: [],
        pytorchjobs: [pytorchJob],
        tfjobs: forbidden('tfjobs'),
        jaxjobs: forbidden('jaxjobs'),
        mpijobs: 'error 500: etcd is down',
      },
      rows: [
        ['TrainJob', 'llm', 'Created', 2, 0],
        ['PyTorchJob', 'mnist', 'Complete', 3, 0],
      ],
      notice:
        'MPIJobs: error 500: etcd is down · ' +
        'forbidden: you may not list TFJobs, JAXJobs (kubeflow.org/v1) in namespace team-a: not shown',
    },
  };
  it.each(Object.entries(cases))('%s', (_name, { behaviours, rows, notice }) => {
    const { snapshot, close } = setup(behaviours);
    expect(snapshot()?.rows.map(brief)).toEqual(rows);
    expect(snapshot()?.notice).toBe(notice);
    close();
  });

  it('holds the snapshot until the runtimes have synced', () => {
    const { snapshot, held, close } = setup({
      trainjobs: [trainJob('llm', 'gpu-rt')],
      clustertrainingruntimes: 'hold',
      trainingruntimes: [],
    });
    expect(snapshot()).toBeUndefined();
    held.get('clustertrainingruntimes')!.sync([runtime('gpu-rt', 2)]);
    expect(snapshot()?.rows.map(brief)).toEqual([['TrainJob', 'llm', 'Created', 2, 4]]);
    close();
  });

  it("sends the rows of a runtime's jobs again when it changes, and v1 changes keyed by kind", async () => {
    const { cluster, sent, close } = setup({
      trainjobs: [trainJob('llm', 'gpu-rt'), trainJob('other', 'cpu-rt')],
      clustertrainingruntimes: [runtime('gpu-rt', 1)],
      trainingruntimes: [],
      pytorchjobs: [],
    });
    const watch = (resource: Watched) => cluster.watches.find((w) => w.resource === resource)!.watch;
    watch('clustertrainingruntimes').upsert(runtime('gpu-rt', 8));
    watch('pytorchjobs').upsert(pytorchJob);
    watch('pytorchjobs').listener?.remove(pytorchJob);
    await batch();
    const changes = sent.filter((e) => e.event === 'changes').map((e) => e.data as JobChanges);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.upserts.map(brief)).toEqual([['TrainJob', 'llm', 'Created', 2, 16]]);
    expect(changes[0]!.removes).toEqual([{ kind: 'PyTorchJob', namespace: 'team-a', name: 'mnist' }]);
    close();
  });

  it('shares the runtime and v1 watches between tabs, and stops them when the last leaves', () => {
    const behaviours = { trainjobs: [], clustertrainingruntimes: [], trainingruntimes: [], pytorchjobs: [] };
    const first = setup(behaviours);
    const hub = first.hub;
    const { stream, close } = recordingStream();
    streamJobs(stream, hub, first.cluster, ['team-a']);
    const counts = first.cluster.watches.reduce<Record<string, number>>(
      (n, w) => ({ ...n, [w.resource]: (n[w.resource] ?? 0) + 1 }),
      {},
    );
    expect(counts).toMatchObject({
      trainjobs: 1,
      clustertrainingruntimes: 1,
      trainingruntimes: 1,
      pytorchjobs: 1,
    });
    first.close();
    close();
    expect(hub.running).toEqual([]);
  });
});
