// SPDX-License-Identifier: Apache-2.0
import { parseGangSchedulerName } from './gang-flag.js';

describe('parseGangSchedulerName', () => {
  it.each([
    { text: undefined, want: undefined },
    { text: '', want: undefined },
    { text: 'volcano', want: { plugin: 'volcano', schedulerName: 'volcano' } },
    { text: 'Volcano', want: { plugin: 'volcano', schedulerName: 'volcano' } },
    { text: 'scheduler-plugins', want: { plugin: 'scheduler-plugins', schedulerName: 'scheduler-plugins' } },
    {
      text: 'scheduler-plugins-scheduler',
      want: { plugin: 'scheduler-plugins', schedulerName: 'scheduler-plugins-scheduler' },
    },
  ])('$text', ({ text, want }) => {
    expect(parseGangSchedulerName(text)).toEqual(want);
  });
});
