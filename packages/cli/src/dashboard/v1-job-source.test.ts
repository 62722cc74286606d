// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from '@kubetrain/kube';
import { FakeCluster } from './fake-cluster.js';
import { recordingStream } from './fake-stream.js';
import { DETAIL_DELAY_MS, streamJob } from './streams.js';
import { v1JobSource } from './v1-job-source.js';
import { WatchHub } from './watch-hub.js';
import type { JobDetail } from './web/feed-types.js';

const job: KubeObject = {
  apiVersion: 'kubeflow.org/v1',
  kind: 'PyTorchJob',
  metadata: { name: 'mnist', namespace: 'team-a' },
  spec: { pytorchReplicaSpecs: { Master: { replicas: 1 }, Worker: { replicas: 1 } } },
  status: { conditions: [{ type: 'Running', status: 'True' }] },
} as KubeObject;

const pod = (name: string, rtype: string, owner: string, exitCode?: number): KubeObject =>
  ({
    metadata: {
      name,
      namespace: 'team-a',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: {
        'training.kubeflow.org/job-name': 'mnist',
        'training.kubeflow.org/replica-type': rtype,
        'training.kubeflow.org/replica-index': '0',
      },
      ownerReferences: [{ apiVersion: 'kubeflow.org/v1', kind: owner, name: 'mnist', uid: 'u' }],
    },
    status: {
      phase: exitCode === undefined ? 'Running' : 'Failed',
      containerStatuses: [
        {
          name: 'pytorch',
          ...(exitCode === undefined ? {} : { state: { terminated: { exitCode, reason: 'Error' } } }),
        },
      ],
    },
  }) as KubeObject;

describe('a v1 job page (streamJob with v1JobSource)', () => {
  const cases: Record<string, { jobs: KubeObject[]; event: string; check: (data: unknown) => void }> = {
    'its pods by replica type, not those of a TFJob of the same name; its failing container': {
      jobs: [job],
      event: 'detail',
      check: (data) => {
        const d = data as JobDetail;
        expect(d.row).toMatchObject({ kind: 'PyTorchJob', name: 'mnist', state: 'Running', nodes: 2 });
        expect(d.pods.map((p) => [p.step, p.name, p.phase])).toEqual([
          ['master-0', 'mnist-master-0', 'Running'],
          ['worker-0', 'mnist-worker-0', 'Failed'],
        ]);
        expect(d.failure).toMatchObject({ pod: 'mnist-worker-0', container: 'pytorch', exitCode: 3 });
        expect(d.failureLog).toEqual({ lines: ['boom'] });
      },
    },
    'gone when there is no such job': {
      jobs: [],
      event: 'gone',
      check: (data) => expect(data).toEqual({ message: 'PyTorchJob team-a/mnist not found (deleted?)' }),
    },
  };
  it.each(Object.entries(cases))('%s', async (_name, { jobs, event, check }) => {
    const cluster = new FakeCluster();
    cluster.logs.set('team-a/mnist-worker-0/pytorch', ['boom']);
    cluster.onStart = (w, resource, _ns) =>
      w.sync(
        resource === 'pytorchjobs'
          ? jobs
          : resource === 'pods'
            ? [
                pod('mnist-master-0', 'master', 'PyTorchJob'),
                pod('mnist-worker-0', 'worker', 'PyTorchJob', 3),
                pod('tf', 'worker', 'TFJob'),
              ]
            : [],
      );
    const hub = new WatchHub();
    const { stream, sent, close } = recordingStream();
    streamJob(stream, hub, cluster, 'team-a', 'mnist', v1JobSource('PyTorchJob'));
    // The first detail, then the one with the failing container's log.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, DETAIL_DELAY_MS * 2));
    const last = sent.filter((e) => e.event === event).at(-1);
    check(last?.data);
    expect(cluster.watches.map((w) => [w.resource, w.selector ?? ''])).toEqual([
      ['pytorchjobs', ''],
      ['pods', 'training.kubeflow.org/job-name=mnist'],
      ['events', ''],
    ]);
    close();
    expect(hub.running).toEqual([]);
  });
});
