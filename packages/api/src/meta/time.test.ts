// SPDX-License-Identifier: Apache-2.0
import { formatMetaTime } from './time.js';

describe('formatMetaTime', () => {
  const cases: Record<string, { date: Date; want: string }> = {
    'whole seconds': { date: new Date('2026-01-02T03:04:05Z'), want: '2026-01-02T03:04:05Z' },
    'milliseconds are dropped, not rounded': {
      date: new Date('2026-01-02T03:04:05.999Z'),
      want: '2026-01-02T03:04:05Z',
    },
    'another zone is written in UTC': {
      date: new Date('2026-01-02T05:04:05.5+02:00'),
      want: '2026-01-02T03:04:05Z',
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(formatMetaTime(tc.date)).toBe(tc.want));
});
