// SPDX-License-Identifier: Apache-2.0
import type { Step } from '../cluster/trainjob-view.js';
import { selectSteps } from './logs.js';

const step = (job: string, rank: number | undefined, phase = 'Running'): Step => ({
  name: job === 'node' ? `node-${rank}` : job,
  job,
  rank,
  phase,
  pod: `pod-${job}-${rank ?? ''}`,
});
const steps = [step('dataset-initializer', 0), step('node', 0), step('node', 1), step('node', 2, 'Pending')];

describe('selectSteps', () => {
  const cases: Record<string, [Parameters<typeof selectSteps>[1], string[]]> = {
    'the started trainer pods by default': [{}, ['node-0', 'node-1']],
    '--rank narrows to one': [{ rank: 1 }, ['node-1']],
    'a pending rank has nothing to read': [{ rank: 2 }, []],
    '--step names a step': [{ step: 'node-0' }, ['node-0']],
    '--step names an initializer': [{ step: 'dataset-initializer' }, ['dataset-initializer']],
    '--step names a job': [{ step: 'node' }, ['node-0', 'node-1']],
  };
  for (const [name, [options, want]] of Object.entries(cases))
    it(name, () => expect(selectSteps(steps, options).map((s) => s.name)).toEqual(want));
});
