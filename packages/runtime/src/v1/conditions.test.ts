// SPDX-License-Identifier: Apache-2.0
import type { V1JobStatus } from '@kubetrain/api';
import { setCondition, type ConditionInput } from './conditions.js';

const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T00:01:00Z';
const c = (type: ConditionInput['type'], status: 'True' | 'False' = 'True'): ConditionInput => ({
  type,
  status,
  reason: `PyTorchJob${type}`,
  message: `${type} message`,
});

describe('setCondition', () => {
  it.each<[string, ConditionInput[], string[], boolean]>([
    ['appends the newest last', [c('Created'), c('Running')], ['Created=True', 'Running=True'], true],
    [
      'Running replaces Restarting',
      [c('Created'), c('Restarting'), c('Running')],
      ['Created=True', 'Running=True'],
      true,
    ],
    ['Restarting replaces Running', [c('Running'), c('Restarting')], ['Restarting=True'], true],
    [
      'Succeeded flips Running to False',
      [c('Running'), c('Succeeded')],
      ['Running=False', 'Succeeded=True'],
      true,
    ],
    ['Failed flips Running to False', [c('Running'), c('Failed')], ['Running=False', 'Failed=True'], true],
    ['nothing changes after Failed', [c('Failed'), c('Running')], ['Failed=True'], false],
    ['the same condition is no change', [c('Running'), c('Running')], ['Running=True'], false],
  ])('%s', (_name, inputs, expected, lastChanged) => {
    const status: V1JobStatus = {};
    let changed = false;
    for (const input of inputs) changed = setCondition(status, input, T0);
    expect(status.conditions!.map((x) => `${x.type}=${x.status}`)).toEqual(expected);
    expect(changed).toBe(lastChanged);
  });

  it('keeps the first message when status and reason hold (upstream compares only those)', () => {
    const status: V1JobStatus = {};
    setCondition(
      status,
      { ...c('Restarting'), message: 'job j is restarting because Worker replica(s) failed.' },
      T0,
    );
    const changed = setCondition(
      status,
      { ...c('Restarting'), message: 'PyTorchJob j is restarting because 1 Worker replica(s) failed.' },
      T1,
    );
    expect(changed).toBe(false);
    expect(status.conditions).toEqual([
      expect.objectContaining({
        message: 'job j is restarting because Worker replica(s) failed.',
        lastUpdateTime: T0,
      }),
    ]);
  });

  it('keeps lastTransitionTime while the status holds, and moves the condition to the end', () => {
    const status: V1JobStatus = {};
    setCondition(status, c('Suspended'), T0);
    setCondition(status, c('Running'), T0);
    setCondition(status, { ...c('Suspended'), reason: 'PyTorchJobResumed', message: 'other' }, T1);
    expect(status.conditions!.map((x) => x.type)).toEqual(['Running', 'Suspended']);
    expect(status.conditions![1]).toMatchObject({
      lastTransitionTime: T0,
      lastUpdateTime: T1,
      message: 'other',
    });
    setCondition(status, { ...c('Suspended', 'False') }, T1);
    expect(status.conditions![1]).toMatchObject({ status: 'False', lastTransitionTime: T1 });
  });
});
