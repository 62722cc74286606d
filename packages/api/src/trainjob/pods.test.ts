// SPDX-License-Identifier: Apache-2.0
import { trainJobOfPod, trainJobPodSelectors } from './pods.js';

describe('trainJobPodSelectors', () => {
  const cases: Record<string, { trainJob?: string; want: string[] }> = {
    "one job's pods, either backend": {
      trainJob: 'tj',
      want: ['jobset.sigs.k8s.io/jobset-name=tj', 'leaderworkerset.sigs.k8s.io/name=tj'],
    },
    "every job's pods": { want: ['jobset.sigs.k8s.io/jobset-name', 'leaderworkerset.sigs.k8s.io/name'] },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(trainJobPodSelectors(tc.trainJob)).toEqual(tc.want));
});

describe('trainJobOfPod', () => {
  const cases: Record<string, { labels?: Record<string, string>; want: string | undefined }> = {
    'a JobSet pod': { labels: { 'jobset.sigs.k8s.io/jobset-name': 'a' }, want: 'a' },
    'a LeaderWorkerSet pod': { labels: { 'leaderworkerset.sigs.k8s.io/name': 'b' }, want: 'b' },
    'another pod': { labels: { app: 'x' }, want: undefined },
    'no labels': { want: undefined },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () =>
      expect(trainJobOfPod({ metadata: { ...(tc.labels ? { labels: tc.labels } : {}) } })).toEqual(tc.want),
    );
});
