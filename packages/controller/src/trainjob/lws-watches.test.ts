// SPDX-License-Identifier: Apache-2.0
import { createLogger } from '@kubetrain/log';
import type { KubeObject } from '../cluster/kube.js';
import { podProjection } from './lws-projections.js';
import { LeaderWorkerSetWatches, MAX_DELETED_PODS } from './lws-watches.js';

const logger = createLogger({ level: 'error', write: () => undefined });
const owner = (uid: string) => [
  { apiVersion: 'trainer.kubeflow.org/v1alpha1', kind: 'TrainJob', name: 'tj', uid, controller: true },
];

function pod(name: string, uid: string, group = 'tj', rv = '1'): KubeObject {
  return podProjection({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'ns',
      uid,
      resourceVersion: rv,
      labels: { 'leaderworkerset.sigs.k8s.io/name': group, 'leaderworkerset.sigs.k8s.io/worker-index': '0' },
    },
  } as KubeObject);
}

function watches(): { w: LeaderWorkerSetWatches; queued: string[] } {
  const w = new LeaderWorkerSetWatches(logger);
  const queued: string[] = [];
  w.connect({ now: (k) => queued.push(`now ${k}`), soon: (k) => queued.push(`soon ${k}`) });
  return { w, queued };
}

describe('LeaderWorkerSetWatches', () => {
  it('queues the TrainJob of a pod by its group label, of a LeaderWorkerSet or Job by its owner', () => {
    const { w, queued } = watches();
    w.pods.upsert(pod('tj-0', 'p1'));
    w.pods.upsert(pod('tj-0', 'p1', 'tj', '2'));
    w.leaderWorkerSets.upsert({ metadata: { name: 'tj', namespace: 'ns', ownerReferences: owner('u') } });
    w.jobs.upsert({ metadata: { name: 'tj-init', namespace: 'ns', ownerReferences: owner('u') } });
    w.pods.upsert(pod('other-0', 'p9', 'other'));
    expect(queued).toEqual(['soon ns/tj', 'soon ns/tj', 'now ns/tj', 'now ns/tj', 'soon ns/other']);
  });

  it('queues the objects of the initial LIST through `initial` (the TrainJob decides their priority)', () => {
    const w = new LeaderWorkerSetWatches(logger);
    const queued: string[] = [];
    w.connect({
      now: (k) => queued.push(`now ${k}`),
      soon: (k) => queued.push(`soon ${k}`),
      initial: (k) => queued.push(`initial ${k}`),
    });
    w.pods.replace([pod('tj-0', 'p1')]);
    w.leaderWorkerSets.replace([{ metadata: { name: 'tj', namespace: 'ns', ownerReferences: owner('u') } }]);
    w.jobs.replace([{ metadata: { name: 'tj-init', namespace: 'ns', ownerReferences: owner('u') } }]);
    w.pods.upsert(pod('tj-1', 'p2'));
    expect(queued).toEqual(['initial ns/tj', 'initial ns/tj', 'initial ns/tj', 'soon ns/tj']);
  });

  it('observes the LeaderWorkerSet of the uid, the group pods, deleted ones until settled, and the owned Jobs', () => {
    const { w } = watches();
    w.leaderWorkerSets.upsert({ metadata: { name: 'tj', namespace: 'ns', ownerReferences: owner('u') } });
    w.jobs.upsert({ metadata: { name: 'tj-init', namespace: 'ns', ownerReferences: owner('u') } });
    w.pods.upsert(pod('tj-0', 'p1'));
    w.pods.upsert(pod('tj-0-1', 'p2'));
    w.pods.remove(pod('tj-0-1', 'p2'));
    const seen = w.observe('ns', 'tj', 'u');
    expect(seen.object?.metadata?.name).toBe('tj');
    expect(seen.pods.map((p) => p.metadata?.uid)).toEqual(['p1', 'p2']);
    expect(seen.jobs.map((j) => j.metadata?.name)).toEqual(['tj-init']);
    // Another incarnation of the TrainJob does not see this LeaderWorkerSet or these Jobs.
    expect(w.observe('ns', 'tj', 'other-uid')).toEqual({ pods: seen.pods, jobs: [] });
    w.settled('ns', 'tj', seen);
    expect(w.observe('ns', 'tj', 'u').pods.map((p) => p.metadata?.uid)).toEqual(['p1']);
  });

  it(`keeps at most ${MAX_DELETED_PODS} deleted pods per TrainJob, the newest`, () => {
    const { w } = watches();
    for (let i = 0; i <= MAX_DELETED_PODS; i++) {
      w.pods.upsert(pod(`tj-${i}`, `p${i}`));
      w.pods.remove(pod(`tj-${i}`, `p${i}`));
    }
    const uids = w.observe('ns', 'tj', 'u').pods.map((p) => p.metadata?.uid);
    expect(uids).toHaveLength(MAX_DELETED_PODS);
    expect(uids).not.toContain('p0');
    expect(uids).toContain(`p${MAX_DELETED_PODS}`);
    w.forget('ns/tj');
    expect(w.observe('ns', 'tj', 'u').pods).toEqual([]);
  });

  it.each([
    ['no after', undefined, true],
    ['a Complete Job', [{ group: 'batch', kind: 'Job', namespace: 'ns', name: 'done' }], true],
    ['a running Job', [{ group: 'batch', kind: 'Job', namespace: 'ns', name: 'running' }], false],
    ['a missing Job', [{ group: 'batch', kind: 'Job', namespace: 'ns', name: 'missing' }], false],
    ['another kind', [{ group: 'apps', kind: 'Deployment', namespace: 'ns', name: 'done' }], false],
  ])('afterSatisfied: %s', (_name, after, want) => {
    const { w } = watches();
    w.jobs.upsert({
      metadata: { name: 'done', namespace: 'ns' },
      status: { conditions: [{ type: 'Complete', status: 'True' }] },
    } as KubeObject);
    w.jobs.upsert({ metadata: { name: 'running', namespace: 'ns' }, status: { active: 1 } } as KubeObject);
    expect(w.afterSatisfied(after)).toBe(want);
  });
});

describe('podProjection', () => {
  it('keeps what the status reads and drops the rest', () => {
    const full = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'tj-0-1',
        namespace: 'ns',
        uid: 'u1',
        resourceVersion: '7',
        creationTimestamp: '2026-01-01T00:00:00Z',
        deletionTimestamp: '2026-01-01T00:01:00Z',
        deletionGracePeriodSeconds: 30,
        labels: {
          'leaderworkerset.sigs.k8s.io/name': 'tj',
          'leaderworkerset.sigs.k8s.io/worker-index': '1',
          'leaderworkerset.sigs.k8s.io/group-index': '0',
          'leaderworkerset.sigs.k8s.io/group-key': 'a'.repeat(40),
        },
        annotations: { big: 'x'.repeat(1000) },
        ownerReferences: owner('s'),
      },
      spec: { containers: [{ name: 'node', image: 'i' }] },
      status: {
        phase: 'Running',
        podIP: '10.0.0.1',
        conditions: [
          { type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:30Z' },
          {
            type: 'DisruptionTarget',
            status: 'True',
            reason: 'EvictionByEvictionAPI',
            message: 'Eviction API: evicting',
            lastTransitionTime: '2026-01-01T00:01:00Z',
          },
        ],
        containerStatuses: [
          {
            name: 'node',
            image: 'i',
            ready: true,
            restartCount: 1,
            state: { running: { startedAt: '2026-01-01T00:00:30Z' } },
            lastState: {
              terminated: {
                exitCode: 3,
                reason: 'Error',
                message: 'm'.repeat(4000),
                finishedAt: '2026-01-01T00:00:29Z',
              },
            },
          },
        ],
      },
    };
    expect(podProjection(full as unknown as KubeObject)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'tj-0-1',
        namespace: 'ns',
        uid: 'u1',
        resourceVersion: '7',
        creationTimestamp: '2026-01-01T00:00:00Z',
        deletionTimestamp: '2026-01-01T00:01:00Z',
        deletionGracePeriodSeconds: 30,
        labels: {
          'leaderworkerset.sigs.k8s.io/name': 'tj',
          'leaderworkerset.sigs.k8s.io/worker-index': '1',
          'leaderworkerset.sigs.k8s.io/group-index': '0',
        },
      },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'node',
            restartCount: 1,
            state: { running: {} },
            lastState: { terminated: { exitCode: 3, reason: 'Error', finishedAt: '2026-01-01T00:00:29Z' } },
          },
        ],
        conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI' }],
      },
    });
  });
});
