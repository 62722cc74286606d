// SPDX-License-Identifier: Apache-2.0
import { trainJobState, type TrainJobState, type TrainJobStateView } from './state.js';

interface Case {
  job: TrainJobStateView;
  workloadExists: boolean;
  want: TrainJobState;
}

const cond = (type: string, status = 'True') => ({ status: { conditions: [{ type, status }] } });

describe('trainJobState', () => {
  const cases: Record<string, Case> = {
    'no workload: Created': { job: {}, workloadExists: false, want: 'Created' },
    'its workload exists: Running': { job: {}, workloadExists: true, want: 'Running' },
    'spec.suspend: Suspended': { job: { spec: { suspend: true } }, workloadExists: true, want: 'Suspended' },
    'a Suspended condition alone is not spec.suspend': {
      job: cond('Suspended'),
      workloadExists: false,
      want: 'Created',
    },
    'Complete=True': { job: cond('Complete'), workloadExists: true, want: 'Complete' },
    'Failed wins over Complete': {
      job: {
        status: {
          conditions: [cond('Complete').status.conditions[0]!, cond('Failed').status.conditions[0]!],
        },
      },
      workloadExists: true,
      want: 'Failed',
    },
    'Failed wins over suspended': {
      job: { spec: { suspend: true }, ...cond('Failed') },
      workloadExists: false,
      want: 'Failed',
    },
    'Failed=False is not failed': { job: cond('Failed', 'False'), workloadExists: true, want: 'Running' },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(trainJobState(tc.job, tc.workloadExists)).toBe(tc.want));
});
