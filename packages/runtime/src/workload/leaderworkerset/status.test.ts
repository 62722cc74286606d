// SPDX-License-Identifier: Apache-2.0
import { KubetrainAnnotations, type LeaderWorkerSet, type TrainJobStatus } from '@kubetrain/api';
import { trainJobObject } from '@kubetrain/testing';
import type { ObservedJob, ObservedPod } from '../../framework/plugin.js';
import type { TrainJob } from '../../types.js';
import { writeProgress, type GroupProgress } from './group-progress.js';
import {
  leaderWorkerSetRestartCause,
  leaderWorkerSetStatus,
  LeaderWorkerSetNotFoundError,
} from './status.js';

const now = '2026-12-01T10:00:00Z';
const earlier = '2026-12-01T09:00:00Z';
/** When the deleting pods' deletion was requested (see `pod`). */
const deleteRequested = '2026-12-01T10:00:00Z';

function trainJob(o: { suspend?: boolean; status?: TrainJobStatus } = {}): TrainJob {
  const job = trainJobObject({ name: 'tj', namespace: 'ns', uid: 'u', runtime: 'torch-distributed' });
  if (o.suspend !== undefined) job.spec.suspend = o.suspend;
  if (o.status !== undefined) job.status = o.status;
  return job;
}

function lws(
  o: {
    size?: number;
    replicas?: number;
    budget?: number;
    codes?: string;
    steps?: string;
    progress?: GroupProgress;
    ready?: number;
  } = {},
): LeaderWorkerSet {
  const annotations: Record<string, string> = {
    [KubetrainAnnotations.MaxGroupRestarts]: String(o.budget ?? 0),
    [KubetrainAnnotations.GroupSteps]: o.steps ?? 'node',
  };
  if (o.codes !== undefined) annotations[KubetrainAnnotations.PermanentExitCodes] = o.codes;
  if (o.progress !== undefined) annotations[KubetrainAnnotations.GroupProgress] = writeProgress(o.progress);
  return {
    apiVersion: 'leaderworkerset.x-k8s.io/v1',
    kind: 'LeaderWorkerSet',
    metadata: { name: 'tj', namespace: 'ns', annotations },
    spec: { replicas: o.replicas ?? 1, leaderWorkerTemplate: { size: o.size ?? 2, workerTemplate: {} } },
    status: { readyReplicas: o.ready ?? 0 },
  };
}

type Exit = number | 'running';

/** A pod of attempt `leader` (its uid `<leader>-<index>`), the `node` container's state and last state. */
function pod(
  index: number,
  o: {
    state?: Exit;
    last?: number;
    attempt?: string;
    created?: string;
    deleting?: boolean;
    finished?: string;
  } = {},
): ObservedPod {
  const attempt = o.attempt ?? 'a1';
  const at = o.finished !== undefined ? { finishedAt: o.finished } : {};
  const state =
    o.state === undefined || o.state === 'running'
      ? { running: {} }
      : { terminated: { exitCode: o.state, ...at } };
  return {
    metadata: {
      name: index === 0 ? 'tj-0' : `tj-0-${index}`,
      uid: index === 0 ? attempt : `${attempt}-${index}`,
      labels: { 'leaderworkerset.sigs.k8s.io/worker-index': String(index) },
      creationTimestamp: o.created ?? earlier,
      // Deleted at `deleteRequested` with a 30 s grace period: deletionTimestamp is 30 s later.
      ...(o.deleting === true
        ? { deletionTimestamp: '2026-12-01T10:00:30Z', deletionGracePeriodSeconds: 30 }
        : {}),
    },
    status: {
      containerStatuses: [
        {
          name: 'node',
          restartCount: o.last !== undefined ? 1 : 0,
          state,
          ...(o.last !== undefined ? { lastState: { terminated: { exitCode: o.last, ...at } } } : {}),
        },
      ],
    },
  };
}

function job(
  step: string,
  o: { complete?: boolean; failed?: string; active?: number; suspend?: boolean } = {},
): ObservedJob {
  const conditions = [
    ...(o.complete === true ? [{ type: 'Complete', status: 'True' }] : []),
    ...(o.failed !== undefined
      ? [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: o.failed }]
      : []),
  ];
  return {
    metadata: { name: `tj-${step}` },
    spec: { suspend: o.suspend ?? false },
    status: { active: o.active ?? 0, ...(o.complete === true ? { succeeded: 1 } : {}), conditions },
  };
}

const progress = (p: Partial<GroupProgress>): GroupProgress => ({
  attempt: 'a1',
  restarts: 0,
  attemptFailed: false,
  succeeded: [],
  ...p,
});

function condition(status: TrainJobStatus, type: string) {
  const c = status.conditions?.find((x) => x.type === type && x.status === 'True');
  return c === undefined ? undefined : `${c.reason}: ${c.message}`;
}

interface Case {
  trainJob?: TrainJob;
  lws?: LeaderWorkerSet;
  pods?: ObservedPod[];
  jobs?: ObservedJob[];
  complete?: string;
  failed?: string;
  /** The progress patched onto the LeaderWorkerSet; undefined: no progress written. */
  progress?: GroupProgress | undefined;
  stop?: boolean;
  jobsStatus?: Array<[string, number, number, number, number, number]>; // name, ready, succeeded, failed, active, suspended
  retry?: boolean;
  /** The uid of the leader pod to delete to recreate the group; undefined: none. */
  recreate?: string;
}

const cases: Record<string, Case> = {
  'running: nothing finished, progress recorded': {
    lws: lws({ ready: 1 }),
    pods: [pod(0), pod(1)],
    progress: progress({}),
    jobsStatus: [['node', 1, 0, 0, 1, 0]],
  },
  'a worker exited 0 (restarted in place): not complete, no recreate': {
    lws: lws(),
    pods: [pod(0), pod(1, { last: 0 })],
    progress: progress({ succeeded: [1] }),
    jobsStatus: [['node', 0, 0, 0, 1, 0]],
  },
  'the leader exited 0: Complete, the group is stopped': {
    lws: lws({ progress: progress({ succeeded: [1] }) }),
    pods: [pod(0, { state: 0 })],
    complete: 'LeaderSucceeded: leaderworkerset completed successfully: the leader exited 0',
    progress: progress({ succeeded: [0, 1] }),
    stop: true,
    jobsStatus: [['node', 0, 1, 0, 0, 0]],
  },
  'a new attempt starts with no rank done': {
    lws: lws({ size: 3, progress: progress({ succeeded: [1, 2] }) }),
    pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a2', created: now, last: 0 })],
    progress: progress({ attempt: 'a2', succeeded: [1] }),
  },
  "the previous attempt's leader exited 0, first seen with a new leader: Complete": {
    lws: lws({ progress: progress({}) }),
    pods: [
      pod(0, { attempt: 'a2', created: now }),
      pod(0, { attempt: 'a1', created: earlier, deleting: true, last: 0, state: 143 }),
    ],
    complete: 'LeaderSucceeded: leaderworkerset completed successfully: the leader exited 0',
    progress: progress({ attempt: 'a2', succeeded: [0] }),
    stop: true,
  },
  'a retryable failure within the budget: one restart, succeeded emptied': {
    lws: lws({ budget: 1, progress: progress({ succeeded: [0] }) }),
    pods: [pod(0, { last: 0 }), pod(1, { state: 1 })],
    progress: progress({ restarts: 1, attemptFailed: true }),
    recreate: 'a1',
    jobsStatus: [['node', 0, 0, 0, 1, 0]],
  },
  'the same failed attempt seen again is not counted twice': {
    lws: lws({ budget: 1, progress: progress({ restarts: 1, attemptFailed: true }) }),
    pods: [pod(0), pod(1, { state: 1 })],
    // The recorded progress stands: nothing to write (`progress` undefined means no patch).
    progress: undefined,
    recreate: 'a1',
  },
  'a second failed attempt beyond a budget of 1: Failed ReachedMaxRestarts': {
    lws: lws({ budget: 1, progress: progress({ restarts: 1, attemptFailed: true }) }),
    pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a2', created: now, last: 137 })],
    failed:
      'ReachedMaxRestarts: leaderworkerset failed due to reaching max number of restarts: the group failed 2 times, 1 restarts allowed',
    progress: progress({ attempt: 'a2', restarts: 2, attemptFailed: true }),
    stop: true,
    jobsStatus: [['node', 0, 0, 1, 0, 0]],
  },
  'a failure with the default budget 0: Failed at once': {
    lws: lws(),
    pods: [pod(0, { state: 2 })],
    failed:
      'ReachedMaxRestarts: leaderworkerset failed due to reaching max number of restarts: the group failed 1 times, 0 restarts allowed',
    progress: progress({ restarts: 1, attemptFailed: true }),
    stop: true,
  },
  'a permanent exit code: Failed PermanentExitCode whatever the budget': {
    lws: lws({ budget: 5, codes: '42' }),
    pods: [pod(0), pod(1, { last: 42 })],
    failed:
      'PermanentExitCode: leaderworkerset failed: container node of pod tj-0-1 exited with permanent exit code 42',
    progress: progress({}),
    stop: true,
  },
  'pods being deleted (group recreated or stopped) are killed, not failed': {
    lws: lws(),
    pods: [pod(0, { state: 143, deleting: true }), pod(1, { state: 137, deleting: true })],
    progress: progress({ endedAt: deleteRequested }),
  },
  "the previous attempt's failure, first seen with the new leader, counts once": {
    lws: lws({ budget: 1, progress: progress({}) }),
    pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a1', created: earlier, state: 1 })],
    progress: progress({ attempt: 'a2', restarts: 1 }),
  },
  'pods older than the leader of the watched attempt are ignored': {
    lws: lws({ progress: progress({ attempt: 'a2' }) }),
    pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a1', created: earlier, state: 1 })],
    progress: undefined,
  },
  'a restarted run that failed counts even once its pod is being deleted': {
    lws: lws({ budget: 2, progress: progress({}) }),
    pods: [pod(0, { deleting: true, state: 143 }), pod(1, { deleting: true, last: 1, state: 143 })],
    progress: progress({ restarts: 1, attemptFailed: true, endedAt: deleteRequested }),
  },
  "a worker failing after its leader's deletion began (rank 0 exited 0, its master gone) is no failure": {
    lws: lws({ progress: progress({ succeeded: [0] }) }),
    pods: [pod(0, { deleting: true, last: 0 }), pod(1, { last: 1, finished: '2026-12-01T10:00:05Z' })],
    complete: 'LeaderSucceeded: leaderworkerset completed successfully: the leader exited 0',
    progress: progress({ succeeded: [0], endedAt: deleteRequested }),
    stop: true,
  },
  "a failure finished before its leader's deletion began caused it: counted": {
    lws: lws({ budget: 1, progress: progress({}) }),
    pods: [pod(0, { deleting: true }), pod(1, { last: 1, finished: '2026-12-01T10:00:00Z' })],
    progress: progress({ restarts: 1, attemptFailed: true, endedAt: deleteRequested }),
  },
  "the previous attempt's failures after its recorded end are no failures": {
    lws: lws({ progress: progress({ succeeded: [1], endedAt: deleteRequested }) }),
    pods: [
      pod(0, { attempt: 'a2', created: now }),
      pod(2, { attempt: 'a1', last: 1, finished: '2026-12-01T10:00:05Z' }),
    ],
    progress: progress({ attempt: 'a2' }),
  },
  'suspended: Suspended condition, replicas 0 counted as suspended': {
    trainJob: trainJob({ suspend: true }),
    lws: lws({ replicas: 0, progress: progress({}) }),
    jobsStatus: [['node', 0, 0, 0, 0, 1]],
  },
  'resumed: Suspended becomes False/Resumed': {
    trainJob: trainJob({
      status: {
        conditions: [
          {
            type: 'Suspended',
            status: 'True',
            reason: 'Suspended',
            message: 'TrainJob is suspended',
            lastTransitionTime: earlier,
          },
        ],
      },
    }),
    lws: lws({ progress: progress({}) }),
    pods: [pod(0), pod(1)],
    jobsStatus: [['node', 0, 0, 0, 1, 0]],
  },
  'initializers running, no LeaderWorkerSet yet: no retry': {
    jobs: [job('dataset-initializer', { active: 1 })],
    jobsStatus: [['dataset-initializer', 0, 0, 0, 1, 0]],
  },
  'initializers done, no LeaderWorkerSet: retry': {
    jobs: [job('dataset-initializer', { complete: true })],
    jobsStatus: [['dataset-initializer', 0, 1, 0, 0, 0]],
    retry: true,
  },
  'jobsStatus lists the initializers by step name, then the group': {
    jobs: [job('model-initializer', { complete: true }), job('dataset-initializer', { complete: true })],
    lws: lws({ ready: 1, progress: progress({}) }),
    pods: [pod(0), pod(1)],
    jobsStatus: [
      ['dataset-initializer', 0, 1, 0, 0, 0],
      ['model-initializer', 0, 1, 0, 0, 0],
      ['node', 1, 0, 0, 1, 0],
    ],
  },
  'an initializer failed: Failed FailedJobs': {
    jobs: [job('model-initializer', { failed: 'Job has reached the specified backoff limit' })],
    failed:
      'FailedJobs: initializer job tj-model-initializer failed: Job has reached the specified backoff limit',
    jobsStatus: [['model-initializer', 0, 0, 1, 0, 0]],
  },
  'already Complete: status kept, a running group is stopped': {
    trainJob: trainJob({
      status: {
        conditions: [
          {
            type: 'Complete',
            status: 'True',
            reason: 'LeaderSucceeded',
            message: 'm',
            lastTransitionTime: earlier,
          },
        ],
        jobsStatus: [{ name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 }],
      },
    }),
    lws: lws({ progress: progress({ succeeded: [0, 1] }) }),
    pods: [pod(0, { state: 0 })],
    complete: 'LeaderSucceeded: m',
    stop: true,
    jobsStatus: [['node', 0, 1, 0, 0, 0]],
  },
};

describe('leaderWorkerSetStatus', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      const result = leaderWorkerSetStatus(
        c.trainJob ?? trainJob(),
        { ...(c.lws !== undefined ? { object: c.lws } : {}), pods: c.pods ?? [], jobs: c.jobs ?? [] },
        now,
      );
      expect(condition(result.status, 'Complete')).toBe(c.complete);
      expect(condition(result.status, 'Failed')).toBe(c.failed);
      const patch = result.workloadPatch?.patch as
        { metadata?: { annotations: Record<string, string> }; spec?: object } | undefined;
      const written = patch?.metadata?.annotations[KubetrainAnnotations.GroupProgress];
      expect(written === undefined ? undefined : JSON.parse(written)).toEqual(c.progress);
      expect(patch?.spec).toEqual(c.stop === true ? { replicas: 0 } : undefined);
      if (result.workloadPatch !== undefined) {
        expect(result.workloadPatch.key).toEqual({
          group: 'leaderworkerset.x-k8s.io',
          kind: 'LeaderWorkerSet',
          namespace: 'ns',
          name: 'tj',
        });
      }
      if (c.jobsStatus !== undefined) {
        expect(result.status.jobsStatus).toEqual(
          c.jobsStatus.map(([n, ready, succeeded, failed, active, suspended]) => ({
            name: n,
            ready,
            succeeded,
            failed,
            active,
            suspended,
          })),
        );
      }
      expect(result.retry).toEqual(c.retry === true ? new LeaderWorkerSetNotFoundError() : undefined);
      expect(result.recreateGroup).toEqual(
        c.recreate === undefined
          ? undefined
          : { key: { group: '', kind: 'Pod', namespace: 'ns', name: 'tj-0' }, uid: c.recreate },
      );
    });
  }

  it('suspend and resume set the Suspended condition as the JobSet backend does', () => {
    const suspended = leaderWorkerSetStatus(
      trainJob({ suspend: true }),
      { object: lws({ replicas: 0 }), pods: [], jobs: [] },
      now,
    );
    expect(suspended.status.conditions).toEqual([
      {
        type: 'Suspended',
        status: 'True',
        lastTransitionTime: now,
        reason: 'Suspended',
        message: 'TrainJob is suspended',
      },
    ]);
    const resumed = leaderWorkerSetStatus(
      trainJob({ status: suspended.status }),
      { object: lws(), pods: [], jobs: [] },
      '2026-12-01T11:00:00Z',
    );
    expect(resumed.status.conditions).toEqual([
      {
        type: 'Suspended',
        status: 'False',
        lastTransitionTime: '2026-12-01T11:00:00Z',
        reason: 'Resumed',
        message: 'TrainJob is resumed',
      },
    ]);
    expect(resumed.changed).toBe(true);
  });

  it('reports no change and no patch once the recorded progress and status are current', () => {
    const first = leaderWorkerSetStatus(trainJob(), { object: lws(), pods: [pod(0), pod(1)], jobs: [] }, now);
    const recorded = lws({ progress: progress({}) });
    const again = leaderWorkerSetStatus(
      trainJob({ status: first.status }),
      { object: recorded, pods: [pod(0), pod(1)], jobs: [] },
      now,
    );
    expect(again.changed).toBe(false);
    expect(again.workloadPatch).toBeUndefined();
  });

  it('reads an unreadable progress annotation as a fresh start', () => {
    const broken = lws();
    (broken.metadata?.annotations as Record<string, string>)[KubetrainAnnotations.GroupProgress] =
      '{not json';
    const result = leaderWorkerSetStatus(trainJob(), { object: broken, pods: [pod(0)], jobs: [] }, now);
    const patch = result.workloadPatch?.patch as { metadata: { annotations: Record<string, string> } };
    expect(JSON.parse(patch.metadata.annotations[KubetrainAnnotations.GroupProgress] ?? '')).toEqual(
      progress({}),
    );
  });
});

/** One observation of the group: each rank's trainer, by worker index. */
type Ranks = Record<number, Parameters<typeof pod>[1]>;

interface OrderCase {
  size: number;
  budget?: number;
  /** Successive observations of the pods; the progress each one records is read by the next. */
  steps: Ranks[];
  /** The Complete or Failed condition (`type reason`) after each step; '' while running. */
  verdicts: string[];
  /** Whether each step asks to recreate the group (delete the leader). */
  recreates: boolean[];
  restarts: number;
}

const at = (s: number) => `2026-12-01T09:30:${String(s).padStart(2, '0')}Z`;

const orders: Record<string, OrderCase> = {
  'leader first: Complete at once, the workers are stopped': {
    size: 3,
    steps: [{ 0: { last: 0, finished: at(1) }, 1: {}, 2: {} }],
    verdicts: ['Complete LeaderSucceeded'],
    recreates: [false],
    restarts: 0,
  },
  'leader last: workers exiting 0 first restart in place, recreate nothing, and the leader completes': {
    size: 3,
    steps: [
      { 0: {}, 1: { last: 0, finished: at(1) }, 2: {} },
      { 0: {}, 1: { last: 0, finished: at(1) }, 2: { last: 0, finished: at(2) } },
      { 0: { last: 0, finished: at(9) }, 1: { last: 0, finished: at(1) }, 2: { last: 0, finished: at(2) } },
    ],
    verdicts: ['', '', 'Complete LeaderSucceeded'],
    recreates: [false, false, false],
    restarts: 0,
  },
  'leader last: a finished worker whose rerun fails (even once its exit 0 is out of sight) is no failure': {
    size: 2,
    steps: [
      { 0: {}, 1: { last: 0, finished: at(1) } },
      { 0: {}, 1: { last: 0, state: 1, finished: at(3) } },
      { 0: {}, 1: { last: 1, finished: at(5) } },
      { 0: { last: 0, finished: at(9) }, 1: { last: 1, finished: at(5) } },
    ],
    verdicts: ['', '', '', 'Complete LeaderSucceeded'],
    recreates: [false, false, false, false],
    restarts: 0,
  },
  'workers losing their master after the leader exited 0 (seen together) are no failure': {
    size: 3,
    steps: [
      { 0: { last: 0, finished: at(5) }, 1: { last: 1, finished: at(6) }, 2: { last: 0, finished: at(1) } },
    ],
    verdicts: ['Complete LeaderSucceeded'],
    recreates: [false],
    restarts: 0,
  },
  'leader fails: the group is recreated (one restart), and the next attempt completes': {
    size: 2,
    budget: 1,
    steps: [
      { 0: { last: 1, finished: at(1) }, 1: {} },
      { 0: { last: 1, finished: at(1), deleting: true }, 1: { deleting: true, state: 143 } },
      { 0: { attempt: 'a2', created: now }, 1: { attempt: 'a2', created: now, last: 0, finished: now } },
      { 0: { attempt: 'a2', created: now, last: 0, finished: now }, 1: { attempt: 'a2', created: now } },
    ],
    verdicts: ['', '', '', 'Complete LeaderSucceeded'],
    recreates: [true, false, false, false],
    restarts: 1,
  },
  'worker fails before the leader exited 0: the attempt failed; with budget 0 the job fails': {
    size: 3,
    steps: [{ 0: { last: 0, finished: at(5) }, 1: { last: 1, finished: at(4) }, 2: {} }],
    verdicts: ['Failed ReachedMaxRestarts'],
    recreates: [false],
    restarts: 1,
  },
  'worker fails within the budget: the leader of the attempt is deleted once, until its deletion began': {
    size: 2,
    budget: 2,
    steps: [
      { 0: {}, 1: { last: 1, finished: at(1) } },
      { 0: {}, 1: { last: 1, finished: at(1) } },
      { 0: { deleting: true }, 1: { last: 1, finished: at(1) } },
    ],
    verdicts: ['', '', ''],
    recreates: [true, true, false],
    restarts: 1,
  },
  'a worker pod deleted (evicted) before its rank was done: recreate, not counted': {
    size: 2,
    steps: [{ 0: {}, 1: { deleting: true, state: 143 } }],
    verdicts: [''],
    recreates: [true],
    restarts: 0,
  },
  'a worker pod deleted after its rank exited 0: nothing to recreate': {
    size: 2,
    steps: [
      { 0: {}, 1: { last: 0, finished: at(1) } },
      { 0: {}, 1: { last: 0, finished: at(1), deleting: true } },
    ],
    verdicts: ['', ''],
    recreates: [false, false],
    restarts: 0,
  },
};

describe('LeaderWorkerSet completion, whatever order the ranks finish in', () => {
  for (const [name, c] of Object.entries(orders)) {
    it(name, () => {
      let recorded: GroupProgress | undefined;
      let job = trainJob();
      const seen = { verdicts: [] as string[], recreates: [] as boolean[] };
      for (const ranks of c.steps) {
        const pods = Object.entries(ranks).map(([index, o]) => pod(Number(index), o));
        const result = leaderWorkerSetStatus(
          job,
          {
            object: lws({ size: c.size, budget: c.budget ?? 0, ...(recorded ? { progress: recorded } : {}) }),
            pods,
            jobs: [],
          },
          now,
        );
        job = { ...job, status: result.status };
        const patch = result.workloadPatch?.patch as
          { metadata?: { annotations: Record<string, string> } } | undefined;
        const written = patch?.metadata?.annotations[KubetrainAnnotations.GroupProgress];
        if (written !== undefined) recorded = JSON.parse(written) as GroupProgress;
        const verdict = result.status.conditions?.find(
          (x) => (x.type === 'Complete' || x.type === 'Failed') && x.status === 'True',
        );
        seen.verdicts.push(verdict === undefined ? '' : `${verdict.type} ${verdict.reason}`);
        seen.recreates.push(result.recreateGroup !== undefined);
      }
      expect(seen).toEqual({ verdicts: c.verdicts, recreates: c.recreates });
      expect(recorded?.restarts).toBe(c.restarts);
    });
  }
});

describe('group restarts: the counters (KEP-4162) and the cause of each', () => {
  const cases: Record<
    string,
    {
      lws: LeaderWorkerSet;
      pods: ObservedPod[];
      trainJob?: TrainJob;
      /** status.restarts and status.restartsCountTowardsMax; undefined: absent. */
      counters: [number | undefined, number | undefined];
      cause: string | undefined;
    }
  > = {
    'running: no restart, no cause': {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [pod(0), pod(1)],
      counters: [undefined, undefined],
      cause: undefined,
    },
    'a worker exits 1 within the budget: one counted restart, named by pod, container and code': {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [pod(0), pod(1, { state: 1 })],
      counters: [1, 1],
      cause: 'pod tj-0-1 container node exited with code 1',
    },
    "the container's terminated reason is named, as on the JobSet backend": {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [
        pod(0),
        {
          ...pod(1),
          status: {
            containerStatuses: [
              { name: 'node', state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } },
            ],
          },
        },
      ],
      counters: [1, 1],
      cause: 'pod tj-0-1 container node exited with code 137 (OOMKilled)',
    },
    'the leader exits 3 (its restarted container running): the leader is named': {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [pod(0, { last: 3 }), pod(1)],
      counters: [1, 1],
      cause: 'pod tj-0 container node exited with code 3',
    },
    "the failure first seen as the group is recreated: the old attempt's pod is named": {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [
        pod(0, { attempt: 'a2', created: now }),
        pod(1, { attempt: 'a1', created: earlier, deleting: true, state: 7, finished: earlier }),
      ],
      counters: [1, 1],
      cause: 'pod tj-0-1 container node exited with code 7',
    },
    'a failure already recorded: the counters stay, no new cause': {
      lws: lws({ budget: 2, progress: progress({ restarts: 1, attemptFailed: true }) }),
      pods: [pod(0), pod(1, { state: 1 })],
      counters: [1, 1],
      cause: undefined,
    },
    'a second failure, in the next attempt: restart 2': {
      lws: lws({ budget: 2, progress: progress({ attempt: 'a2', restarts: 1 }) }),
      pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a2', created: now, state: 3 })],
      counters: [2, 2],
      cause: 'pod tj-0-1 container node exited with code 3',
    },
    'past the budget: Failed, no restart counted (as on JobSet)': {
      lws: lws({ budget: 0, progress: progress({}) }),
      pods: [pod(0), pod(1, { state: 1 })],
      counters: [undefined, undefined],
      cause: 'pod tj-0-1 container node exited with code 1',
    },
    'a permanent exit code: Failed at once, no restart, no cause': {
      lws: lws({ budget: 2, codes: '42', progress: progress({}) }),
      pods: [pod(0), pod(1, { state: 42 })],
      counters: [undefined, undefined],
      cause: undefined,
    },
    'a worker pod deleted (evicted) before its rank finished: a restart that does not count': {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [pod(0), pod(1, { deleting: true })],
      counters: [1, undefined],
      cause: 'pod tj-0-1 was deleted before its rank finished (evicted, preempted or its node lost)',
    },
    'a preempted worker: the cause names its DisruptionTarget reason': {
      lws: lws({ budget: 2, progress: progress({}) }),
      pods: [
        pod(0),
        {
          ...pod(1, { deleting: true }),
          status: {
            ...pod(1).status,
            conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }],
          },
        },
      ],
      counters: [1, undefined],
      cause: 'pod tj-0-1 condition DisruptionTarget (PreemptionByScheduler)',
    },
    'the same eviction seen again: counted once': {
      lws: lws({ budget: 2, progress: progress({ disruptions: 1, attemptDisrupted: true }) }),
      pods: [pod(0), pod(1, { deleting: true })],
      counters: [1, undefined],
      cause: undefined,
    },
    'a failure in the attempt after an eviction: two restarts, one counted': {
      lws: lws({ budget: 2, progress: progress({ attempt: 'a2', disruptions: 1 }) }),
      pods: [pod(0, { attempt: 'a2', created: now }), pod(1, { attempt: 'a2', created: now, state: 3 })],
      counters: [2, 1],
      cause: 'pod tj-0-1 container node exited with code 3',
    },
    'a suspended group losing its pods: no restart': {
      lws: lws({ budget: 2, replicas: 0, progress: progress({}) }),
      pods: [pod(0), pod(1, { deleting: true })],
      counters: [undefined, undefined],
      cause: undefined,
    },
    'the counters never go down (a recreated LeaderWorkerSet starts at 0)': {
      lws: lws({ budget: 5, progress: progress({}) }),
      pods: [pod(0), pod(1)],
      trainJob: trainJob({ status: { restarts: 3, restartsCountTowardsMax: 2 } }),
      counters: [3, 2],
      cause: undefined,
    },
  };
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      const observed = { object: c.lws, pods: c.pods, jobs: [] };
      const { status } = leaderWorkerSetStatus(c.trainJob ?? trainJob(), observed, now);
      expect([status.restarts, status.restartsCountTowardsMax]).toEqual(c.counters);
      expect(leaderWorkerSetRestartCause(observed)).toBe(c.cause);
    });
  }
});
