// SPDX-License-Identifier: Apache-2.0
import {
  JobSetNotFoundError,
  computeTrainJobStatus,
  jobSetTrainJobStatus,
  setFailedCondition,
} from './trainjob-status.js';
import type { Condition, TrainJobStatus } from '@kubetrain/api';
import type { JobSetStatusView, TrainJobStatusView } from './types.js';

const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T06:00:00Z';
const NOW = '2026-01-02T00:00:00Z';

const suspended = (ltt = T0): Condition => ({
  type: 'Suspended',
  status: 'True',
  lastTransitionTime: ltt,
  reason: 'Suspended',
  message: 'TrainJob is suspended',
});
const resumed = (ltt = NOW): Condition => ({
  type: 'Suspended',
  status: 'False',
  lastTransitionTime: ltt,
  reason: 'Resumed',
  message: 'TrainJob is resumed',
});
const deadlineExceeded = (ltt = T0): Condition => ({
  type: 'Failed',
  status: 'True',
  lastTransitionTime: ltt,
  reason: 'DeadlineExceeded',
  message: 'TrainJob exceeded its active deadline',
});
const jobSetCondition = (type: string, status: 'True' | 'False', reason: string, message: string) => ({
  type,
  status,
  observedGeneration: 2,
  lastTransitionTime: T1,
  reason,
  message,
});
const completed = jobSetCondition('Completed', 'True', 'AllJobsCompleted', 'jobset completed successfully');
const failedJobs = jobSetCondition(
  'Failed',
  'True',
  'FailedJobs',
  'jobset failed due to one or more job failures',
);
const rjs = (name: string, active: number, succeeded = 0) => ({
  name,
  ready: active,
  succeeded,
  failed: 0,
  active,
  suspended: 0,
});
/** A TrainJob `jobsStatus` entry has the members of the JobSet entry it is copied from. */
const jobsStatus = rjs;

interface Case {
  trainJob: TrainJobStatusView;
  jobSet?: JobSetStatusView;
  want: TrainJobStatus;
  error?: boolean;
}

describe('computeTrainJobStatus', () => {
  const cases: Record<string, Case> = {
    'a running job gets jobsStatus and no condition': {
      trainJob: { spec: {} },
      jobSet: { status: { replicatedJobsStatus: [rjs('dataset-initializer', 0, 1), rjs('node', 2)] } },
      want: { jobsStatus: [jobsStatus('dataset-initializer', 0, 1), jobsStatus('node', 2)] },
    },
    'a suspended job gets Suspended=True at now': {
      trainJob: { spec: { suspend: true } },
      jobSet: { status: {} },
      want: { conditions: [suspended(NOW)] },
    },
    'a job still suspended keeps its transition time': {
      trainJob: { spec: { suspend: true }, status: { conditions: [suspended()] } },
      jobSet: { status: {} },
      want: { conditions: [suspended()] },
    },
    'a resumed job gets Suspended=False/Resumed at now': {
      trainJob: { spec: { suspend: false }, status: { conditions: [suspended()] } },
      jobSet: { status: {} },
      want: { conditions: [resumed()] },
    },
    'a job resumed earlier keeps its Resumed time': {
      trainJob: { spec: {}, status: { conditions: [resumed(T1)] } },
      jobSet: { status: {} },
      want: { conditions: [resumed(T1)] },
    },
    'JobSet Completed=True is copied as Complete with its reason, message, time and generation': {
      trainJob: { spec: {}, status: { conditions: [resumed(T0)] } },
      jobSet: { status: { conditions: [completed], replicatedJobsStatus: [rjs('node', 0, 2)] } },
      want: {
        conditions: [resumed(T0), { ...completed, type: 'Complete' }],
        jobsStatus: [jobsStatus('node', 0, 2)],
      },
    },
    'JobSet Failed=True is copied as Failed': {
      trainJob: { spec: {} },
      jobSet: { status: { conditions: [failedJobs] } },
      want: { conditions: [{ ...failedJobs, type: 'Failed' }] },
    },
    'JobSet Failed=True with ReachedMaxRestarts is copied as it is': {
      trainJob: { spec: {} },
      jobSet: {
        status: {
          conditions: [
            jobSetCondition(
              'Failed',
              'True',
              'ReachedMaxRestarts',
              'jobset failed due to reaching max number of restarts',
            ),
          ],
        },
      },
      want: {
        conditions: [
          {
            ...jobSetCondition(
              'Failed',
              'True',
              'ReachedMaxRestarts',
              'jobset failed due to reaching max number of restarts',
            ),
            type: 'Failed',
          },
        ],
      },
    },
    'JobSet conditions that are False or of other types are ignored': {
      trainJob: { spec: {} },
      jobSet: {
        status: {
          conditions: [
            jobSetCondition('Completed', 'False', 'x', 'y'),
            jobSetCondition('Suspended', 'True', 'SuspendedJobs', 'jobset is suspended'),
            jobSetCondition('StartupPolicyCompleted', 'True', 'x', 'y'),
          ],
        },
      },
      want: {},
    },
    'an existing Complete condition keeps its transition time': {
      trainJob: {
        spec: {},
        status: { conditions: [{ ...completed, type: 'Complete', lastTransitionTime: T0 }] },
      },
      jobSet: { status: { conditions: [{ ...completed, message: 'changed' }] } },
      want: { conditions: [{ ...completed, type: 'Complete', lastTransitionTime: T0, message: 'changed' }] },
    },
    'a DeadlineExceeded Failed condition survives a JobSet failure': {
      trainJob: { spec: {}, status: { conditions: [deadlineExceeded()] } },
      jobSet: { status: { conditions: [failedJobs] } },
      want: { conditions: [deadlineExceeded()] },
    },
    'a DeadlineExceeded Failed condition is kept when the JobSet has none': {
      trainJob: { spec: {}, status: { conditions: [deadlineExceeded()] } },
      jobSet: { status: { replicatedJobsStatus: [rjs('node', 1)] } },
      want: { conditions: [deadlineExceeded()], jobsStatus: [jobsStatus('node', 1)] },
    },
    'jobsStatus is replaced, and removed when the JobSet has none': {
      trainJob: { spec: {}, status: { jobsStatus: [jobsStatus('node', 2)] } },
      jobSet: { status: {} },
      want: {},
    },
    'the JobSet restart counters are copied, and never lowered by a recreated JobSet': {
      trainJob: { spec: {}, status: { restarts: 3, restartsCountTowardsMax: 2 } },
      jobSet: { status: { restarts: 4, restartsCountTowardsMax: 1 } },
      want: { restarts: 4, restartsCountTowardsMax: 2 },
    },
    'trainerStatus is kept': {
      trainJob: { spec: {}, status: { trainerStatus: { progressPercentage: 40, lastUpdatedTime: T1 } } },
      jobSet: { status: { replicatedJobsStatus: [rjs('node', 1)] } },
      want: {
        trainerStatus: { progressPercentage: 40, lastUpdatedTime: T1 },
        jobsStatus: [jobsStatus('node', 1)],
      },
    },
    'missing counts of a replicated job read as zero': {
      trainJob: { spec: {} },
      jobSet: { status: { replicatedJobsStatus: [{ name: 'node', active: 1 }] } },
      want: { jobsStatus: [{ name: 'node', ready: 0, succeeded: 0, failed: 0, active: 1, suspended: 0 }] },
    },
    'a finished job whose JobSet is gone keeps its status': {
      trainJob: {
        spec: {},
        status: { conditions: [{ ...completed, type: 'Complete' }], jobsStatus: [jobsStatus('node', 0, 2)] },
      },
      want: { conditions: [{ ...completed, type: 'Complete' }], jobsStatus: [jobsStatus('node', 0, 2)] },
    },
    'an unfinished job without a JobSet is an error, with the Suspended condition still computed': {
      trainJob: { spec: { suspend: true } },
      want: { conditions: [suspended(NOW)] },
      error: true,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const before = structuredClone({ trainJob: tc.trainJob, jobSet: tc.jobSet });
      const got = computeTrainJobStatus(tc.trainJob, tc.jobSet, NOW);
      expect(got.status).toEqual(tc.want);
      if (tc.error) expect(got.error).toBeInstanceOf(JobSetNotFoundError);
      else expect(got.error).toBeUndefined();
      expect({ trainJob: tc.trainJob, jobSet: tc.jobSet }).toEqual(before);
    });
  }
});

describe('jobSetTrainJobStatus', () => {
  it('returns undefined for a finished job without a JobSet', () => {
    expect(
      jobSetTrainJobStatus({ status: { conditions: [deadlineExceeded()] } }, undefined, NOW),
    ).toBeUndefined();
  });
  it('throws JobSetNotFoundError for an unfinished job without a JobSet', () => {
    expect(() => jobSetTrainJobStatus({ spec: {} }, undefined, NOW)).toThrow(JobSetNotFoundError);
  });
});

describe('setFailedCondition', () => {
  it('sets Failed=True with the reason and message', () => {
    expect(
      setFailedCondition([suspended()], 'DeadlineExceeded', 'TrainJob exceeded its active deadline', NOW),
    ).toEqual([suspended(), deadlineExceeded(NOW)]);
  });
  it('keeps the transition time of a Failed condition that is already True', () => {
    expect(
      setFailedCondition(
        [{ ...failedJobs, type: 'Failed' }],
        'DeadlineExceeded',
        'TrainJob exceeded its active deadline',
        NOW,
      ),
    ).toEqual([deadlineExceeded(T1)]);
  });
});
