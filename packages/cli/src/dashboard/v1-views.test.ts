// SPDX-License-Identifier: Apache-2.0
import { isPodOfV1Job, v1JobDetail, v1JobRow, v1State, v1Step, type V1JobLike } from './v1-views.js';
import type { PodLike } from './views.js';

const cond = (type: string, status = 'True', time = '2026-01-01T00:00:00Z') => ({
  type,
  status,
  reason: `PyTorchJob${type}`,
  message: `${type}.`,
  lastTransitionTime: time,
});

const job: V1JobLike = {
  apiVersion: 'kubeflow.org/v1',
  kind: 'PyTorchJob',
  metadata: {
    name: 'mnist',
    namespace: 'team-a',
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: { 'kueue.x-k8s.io/queue-name': 'gpu-queue' },
    annotations: { note: '<b>x</b>' },
    managedFields: [{ manager: 'kubectl' }],
  },
  spec: {
    runPolicy: {},
    pytorchReplicaSpecs: {
      Master: {
        replicas: 1,
        template: {
          spec: { containers: [{ name: 'pytorch', resources: { limits: { 'nvidia.com/gpu': 1 } } }] },
        },
      },
      Worker: {
        replicas: 3,
        template: {
          spec: { containers: [{ name: 'pytorch', resources: { limits: { 'nvidia.com/gpu': 2 } } }] },
        },
      },
    },
  },
  status: {
    conditions: [
      cond('Created', 'True', '2026-01-01T00:00:01Z'),
      cond('Running', 'True', '2026-01-01T00:00:05Z'),
    ],
    startTime: '2026-01-01T00:00:02Z',
  },
};

describe('v1State', () => {
  const cases: Record<string, { conditions: ReturnType<typeof cond>[]; suspend?: boolean; want: string }> = {
    'no conditions': { conditions: [], want: 'Pending' },
    created: { conditions: [cond('Created')], want: 'Created' },
    running: { conditions: [cond('Created'), cond('Running')], want: 'Running' },
    restarting: {
      conditions: [cond('Created'), cond('Running', 'False'), cond('Restarting')],
      want: 'Restarting',
    },
    'succeeded: Complete': { conditions: [cond('Running', 'False'), cond('Succeeded')], want: 'Complete' },
    failed: { conditions: [cond('Running', 'False'), cond('Failed')], want: 'Failed' },
    'suspended by its condition': { conditions: [cond('Created'), cond('Suspended')], want: 'Suspended' },
    'suspended by its spec, before the condition': {
      conditions: [cond('Running')],
      suspend: true,
      want: 'Suspended',
    },
    'a finished job stays finished when suspended': {
      conditions: [cond('Succeeded')],
      suspend: true,
      want: 'Complete',
    },
  };
  it.each(Object.entries(cases))('%s', (_name, { conditions, suspend, want }) => {
    expect(v1State({ metadata: {}, spec: { runPolicy: { suspend } }, status: { conditions } })).toBe(want);
  });
});

describe('v1JobRow', () => {
  it('reads kind, state, replicas as nodes, GPUs of every replica, queue', () => {
    expect(v1JobRow('PyTorchJob', job)).toEqual({
      kind: 'PyTorchJob',
      namespace: 'team-a',
      name: 'mnist',
      state: 'Running',
      runtime: '',
      nodes: 4,
      gpus: 7,
      queue: 'gpu-queue',
      created: '2026-01-01T00:00:00Z',
      started: '2026-01-01T00:00:02Z',
      finished: '',
      progress: -1,
      metrics: [],
      restarts: 0,
      suspended: false,
    });
  });
  it('reads a job without replica specs as no nodes and no GPUs', () => {
    expect(v1JobRow('TFJob', { metadata: { name: 'bare' } })).toMatchObject({
      nodes: 0,
      gpus: 0,
      state: 'Pending',
    });
  });
});

const pod = (name: string, rtype: string, index: string, owner = 'PyTorchJob', restarts = 0): PodLike =>
  ({
    metadata: {
      name,
      namespace: 'team-a',
      labels: {
        'training.kubeflow.org/job-name': 'mnist',
        'training.kubeflow.org/replica-type': rtype,
        'training.kubeflow.org/replica-index': index,
      },
      ownerReferences: [{ kind: owner, name: 'mnist', controller: true }],
    },
    spec: { nodeName: 'kwok-0' },
    status: {
      phase: 'Running',
      containerStatuses: [{ name: 'pytorch', restartCount: restarts }],
    },
  }) as PodLike;

describe('v1Step and isPodOfV1Job', () => {
  const cases: Record<string, { pod: PodLike; step: string; mine: boolean }> = {
    'a master': { pod: pod('mnist-master-0', 'master', '0'), step: 'master-0', mine: true },
    'a worker': { pod: pod('mnist-worker-2', 'worker', '2'), step: 'worker-2', mine: true },
    'a TFJob of the same name': {
      pod: pod('mnist-worker-0', 'worker', '0', 'TFJob'),
      step: 'worker-0',
      mine: false,
    },
    'no v1 labels': { pod: { metadata: { name: 'other' } } as PodLike, step: '', mine: false },
  };
  it.each(Object.entries(cases))('%s', (_name, { pod: p, step, mine }) => {
    expect(v1Step(p)).toBe(step);
    expect(isPodOfV1Job(p, 'PyTorchJob', 'mnist')).toBe(mine);
  });
});

describe('v1JobDetail', () => {
  const detail = v1JobDetail(
    'PyTorchJob',
    job,
    [pod('mnist-worker-1', 'worker', '1', 'PyTorchJob', 2), pod('mnist-master-0', 'master', '0')],
    [
      {
        metadata: { name: 'e1' },
        involvedObject: { kind: 'PyTorchJob', name: 'mnist' },
        type: 'Normal',
        reason: 'SuccessfulCreatePod',
        message: 'Created pod: mnist-master-0',
        lastTimestamp: '2026-01-01T00:00:03Z',
      },
    ],
  );
  it('lists the pods by replica, with their restarts summed in the row', () => {
    expect(detail.pods.map((p) => [p.step, p.name, p.restarts])).toEqual([
      ['master-0', 'mnist-master-0', 0],
      ['worker-1', 'mnist-worker-1', 2],
    ]);
    expect(detail.row.restarts).toBe(2);
  });
  it('orders the conditions as a timeline and keeps the events', () => {
    expect(detail.conditions.map((c) => c.type)).toEqual(['Created', 'Running']);
    expect(detail.events.map((e) => e.object)).toEqual(['PyTorchJob/mnist']);
  });
  it('shows the YAML without managedFields, the annotations as data', () => {
    expect(detail.yaml).toContain('pytorchReplicaSpecs:');
    expect(detail.yaml).not.toContain('managedFields');
    expect(detail.annotations).toEqual({ note: '<b>x</b>' });
  });
});
