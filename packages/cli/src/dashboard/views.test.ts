// SPDX-License-Identifier: Apache-2.0
import { eventConcerns, jobDetail, jobRow, trainerReport, type PodLike, type TrainJobLike } from './views.js';

const job: TrainJobLike = {
  metadata: {
    name: 'llm',
    namespace: 'team-a',
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: { 'kueue.x-k8s.io/queue-name': 'gpu-queue' },
    annotations: { note: '<b>bold</b>' },
  },
  spec: {
    runtimeRef: { name: 'torch-distributed' },
    trainer: { numNodes: 2, resourcesPerNode: { limits: { 'nvidia.com/gpu': 4 } } } as never,
  },
  status: {
    startTime: '2026-01-01T00:01:00Z',
    restarts: 1,
    conditions: [
      {
        type: 'Failed',
        status: 'True',
        reason: 'TrainJobFailed',
        message: 'a pod failed',
        lastTransitionTime: '2026-01-01T00:09:00Z',
      },
      {
        type: 'Suspended',
        status: 'False',
        reason: 'Resumed',
        message: '',
        lastTransitionTime: '2026-01-01T00:02:00Z',
      },
    ],
    trainerStatus: {
      progressPercentage: 42,
      metrics: [{ name: 'loss', value: '<0.3>' }],
      lastUpdatedTime: '2026-01-01T00:05:00Z',
    },
  },
};

const pod = (name: string, index: string, exitCode?: number): PodLike => ({
  metadata: {
    name,
    creationTimestamp: `2026-01-01T00:0${index}:00Z`,
    labels: {
      'jobset.sigs.k8s.io/jobset-name': 'llm',
      'jobset.sigs.k8s.io/replicatedjob-name': 'node',
      'batch.kubernetes.io/job-completion-index': index,
    },
  },
  spec: { nodeName: `gpu-${index}` },
  status: {
    phase: exitCode ? 'Failed' : 'Running',
    containerStatuses: [
      {
        name: 'node',
        restartCount: 2,
        ...(exitCode ? { state: { terminated: { exitCode, reason: 'Error' } } } : {}),
      },
    ],
  },
});

describe('jobRow', () => {
  it('reads state, runtime, nodes, GPUs, queue, progress and restarts', () => {
    expect(jobRow(job)).toEqual({
      kind: 'TrainJob',
      namespace: 'team-a',
      name: 'llm',
      state: 'Failed',
      runtime: 'torch-distributed',
      nodes: 2,
      gpus: 8,
      queue: 'gpu-queue',
      created: '2026-01-01T00:00:00Z',
      started: '2026-01-01T00:01:00Z',
      finished: '',
      progress: 42,
      metrics: [{ name: 'loss', value: '<0.3>' }],
      restarts: 1,
      suspended: false,
    });
  });
  it('has progress -1 and no GPUs when nothing was reported or requested', () => {
    const row = jobRow({ metadata: { name: 'bare', namespace: 'ns' } });
    expect(row).toMatchObject({ progress: -1, gpus: 0, nodes: 1, queue: '', state: 'Created' });
  });
});

describe('jobDetail', () => {
  const detail = jobDetail(job, [pod('llm-node-0-0-a', '0'), pod('llm-node-0-1-b', '1', 137)], []);
  it('orders the conditions as a timeline', () => {
    expect(detail.conditions.map((c) => c.type)).toEqual(['Suspended', 'Failed']);
  });
  it('lists the pods by step with node, restarts and exit codes', () => {
    expect(detail.pods).toEqual([
      { name: 'llm-node-0-0-a', step: 'node-0', phase: 'Running', node: 'gpu-0', restarts: 2, exitCodes: [] },
      {
        name: 'llm-node-0-1-b',
        step: 'node-1',
        phase: 'Failed',
        node: 'gpu-1',
        restarts: 2,
        exitCodes: ['node: 137 (Error)'],
      },
    ]);
  });
  it('names the failing pod and its exit code', () => {
    expect(detail.failure).toEqual({
      pod: 'llm-node-0-1-b',
      container: 'node',
      exitCode: 137,
      reason: 'Error',
    });
  });
  it('keeps markup as data (the page shows it as text) and drops managedFields from the YAML', () => {
    const withFields = jobDetail(
      { ...job, metadata: { ...job.metadata, managedFields: [{ manager: 'x' }] } as never },
      [],
      [],
    );
    expect(withFields.annotations).toEqual({ note: '<b>bold</b>' });
    expect(withFields.yaml).toContain('note: <b>bold</b>');
    expect(withFields.yaml).not.toContain('managedFields');
  });
  it('keeps the newest events first', () => {
    const events = [
      {
        metadata: { name: 'e1' },
        involvedObject: { kind: 'TrainJob', name: 'llm' },
        reason: 'Old',
        lastTimestamp: '2026-01-01T00:01:00Z',
      },
      {
        metadata: { name: 'e2' },
        involvedObject: { kind: 'Pod', name: 'x' },
        reason: 'New',
        lastTimestamp: '2026-01-01T00:05:00Z',
      },
    ];
    expect(jobDetail(job, [], events).events.map((e) => e.reason)).toEqual(['New', 'Old']);
  });
});

describe('eventConcerns', () => {
  it.each([
    ['the TrainJob', 'llm', true],
    ['its JobSet child Job', 'llm-node-0', true],
    ['one of its pods', 'pod-x', true],
    ['another TrainJob', 'llm2', false],
    ['another object', 'other', false],
  ])('%s', (_what, name, result) => {
    expect(eventConcerns({ metadata: {}, involvedObject: { name } }, 'llm', new Set(['pod-x']))).toBe(result);
  });
});

describe('trainerReport', () => {
  const withStatus = (trainerStatus: unknown): TrainJobLike =>
    ({ ...job, status: { trainerStatus } }) as TrainJobLike;
  const cases: Record<string, { trainerStatus: unknown; want: unknown }> = {
    'no report': { trainerStatus: undefined, want: undefined },
    'no lastUpdatedTime (the CRD requires one): none': {
      trainerStatus: { progressPercentage: 5 },
      want: undefined,
    },
    'progress and metrics, as text': {
      trainerStatus: {
        progressPercentage: 42,
        metrics: [{ name: '<b>loss</b>', value: '0.3' }],
        lastUpdatedTime: '2026-01-01T00:05:00Z',
      },
      want: { time: '2026-01-01T00:05:00Z', progress: 42, metrics: [{ name: '<b>loss</b>', value: '0.3' }] },
    },
    'no progress: -1': {
      trainerStatus: { lastUpdatedTime: '2026-01-01T00:05:00Z' },
      want: { time: '2026-01-01T00:05:00Z', progress: -1, metrics: [] },
    },
    'past the CRD bounds: cut': {
      trainerStatus: {
        lastUpdatedTime: '2026-01-01T00:05:00Z',
        metrics: Array.from({ length: 300 }, (_, i) => ({ name: `m${i}`.padEnd(100, 'x'), value: '1' })),
      },
      want: expect.objectContaining({
        metrics: expect.arrayContaining([{ name: 'm0'.padEnd(64, 'x'), value: '1' }]) as unknown,
      }),
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const report = trainerReport(withStatus(tc.trainerStatus));
      expect(report).toEqual(tc.want);
      if (report) expect(report.metrics.length).toBeLessThanOrEqual(256);
    });

  it('is part of the job page', () => {
    expect(jobDetail(job, [], []).report).toEqual({
      time: '2026-01-01T00:05:00Z',
      progress: 42,
      metrics: [{ name: 'loss', value: '<0.3>' }],
    });
  });
});
