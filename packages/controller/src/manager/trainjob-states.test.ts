// SPDX-License-Identifier: Apache-2.0
import { trainJobState } from './trainjob-states.js';

describe('trainJobState', () => {
  const cond = (type: string, status = 'True') => ({ status: { conditions: [{ type, status }] } });
  const cases: Record<string, { tj: Parameters<typeof trainJobState>[0]; jobSet: boolean; want: string }> = {
    created: { tj: {}, jobSet: false, want: 'Created' },
    running: { tj: {}, jobSet: true, want: 'Running' },
    suspended: { tj: { spec: { suspend: true } }, jobSet: true, want: 'Suspended' },
    complete: { tj: cond('Complete'), jobSet: true, want: 'Complete' },
    'failed wins over suspended': {
      tj: { spec: { suspend: true }, ...cond('Failed') },
      jobSet: false,
      want: 'Failed',
    },
    'Failed=False is not failed': { tj: cond('Failed', 'False'), jobSet: true, want: 'Running' },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(trainJobState(tc.tj, tc.jobSet)).toBe(tc.want));
});
