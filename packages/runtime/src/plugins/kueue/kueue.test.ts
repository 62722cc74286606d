// SPDX-License-Identifier: Apache-2.0
import { create, isKueueManaged, KueueIntegration, name } from './kueue.js';
import { gangTrainJob } from '@kubetrain/testing';
import { makeInfo } from '../../../test/engine.js';
import type { TrainJob } from '../../types.js';
import { pluginDependencies } from '../../framework/dependencies.js';

const node = { name: 'node', ancestor: 'trainer', container: 'node' };

describe('Kueue', () => {
  it('is named and created by its factory', () => {
    expect(name).toBe('Kueue');
    expect(create(pluginDependencies())).toBeInstanceOf(KueueIntegration);
  });

  describe('isKueueManaged', () => {
    const cases: Record<string, { trainJob: TrainJob; want: boolean }> = {
      'plain TrainJob': { trainJob: gangTrainJob('job'), want: false },
      'queue-name label': {
        trainJob: gangTrainJob('job', { labels: { 'kueue.x-k8s.io/queue-name': 'training-queue' } }),
        want: true,
      },
      "Kueue's runtimePatch": {
        trainJob: gangTrainJob('job', { spec: { runtimePatches: [{ manager: 'kueue.x-k8s.io/manager' }] } }),
        want: true,
      },
      "another manager's runtimePatch": {
        trainJob: gangTrainJob('job', { spec: { runtimePatches: [{ manager: 'acme.io/platform' }] } }),
        want: false,
      },
      'MultiKueue managedBy': {
        trainJob: gangTrainJob('job', { spec: { managedBy: 'kueue.x-k8s.io/multikueue' } }),
        want: true,
      },
      'priority-class label alone': {
        trainJob: gangTrainJob('job', { labels: { 'kueue.x-k8s.io/priority-class': 'high' } }),
        want: false,
      },
    };
    for (const [caseName, tc] of Object.entries(cases)) {
      it(caseName, () => {
        expect(isKueueManaged(tc.trainJob)).toBe(tc.want);
      });
    }
    it('a TrainJob as stored, without metadata labels or spec, is not', () => {
      expect(isKueueManaged({ metadata: {} })).toBe(false);
    });
  });

  describe('enforcePodGroupPolicy', () => {
    const cases: Record<
      string,
      { runtimeLabels?: Record<string, string>; trainJob: TrainJob; want: Record<string, string> }
    > = {
      'runtime queue and priority labels never reach the JobSet': {
        runtimeLabels: { 'kueue.x-k8s.io/queue-name': 'q', 'kueue.x-k8s.io/priority-class': 'p', team: 'a' },
        trainJob: gangTrainJob('job'),
        want: { team: 'a' },
      },
      'a runtimePatch cannot put a queue label on the JobSet either': {
        trainJob: gangTrainJob('job', {
          labels: { 'kueue.x-k8s.io/queue-name': 'q' },
          spec: {
            runtimePatches: [
              {
                manager: 'acme.io/platform',
                trainingRuntimeSpec: {
                  template: { metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'other', cost: 'c' } } },
                },
              },
            ],
          },
        }),
        want: { cost: 'c' },
      },
      'other labels are untouched': {
        runtimeLabels: { team: 'a', 'kueue.x-k8s.io/other': 'x' },
        trainJob: gangTrainJob('job'),
        want: { team: 'a', 'kueue.x-k8s.io/other': 'x' },
      },
    };
    for (const [caseName, tc] of Object.entries(cases)) {
      it(caseName, () => {
        const info = makeInfo(
          { steps: [node], ...(tc.runtimeLabels !== undefined ? { labels: tc.runtimeLabels } : {}) },
          tc.trainJob,
        );
        create(pluginDependencies()).enforcePodGroupPolicy(info, tc.trainJob);
        expect(info.labels).toEqual(tc.want);
        expect(info.scheduler).toEqual({ podLabels: {}, podAnnotations: {} });
      });
    }

    it("does not touch the TrainJob's own labels", () => {
      const trainJob = gangTrainJob('job', { labels: { 'kueue.x-k8s.io/queue-name': 'q' } });
      create(pluginDependencies()).enforcePodGroupPolicy(makeInfo({ steps: [node] }, trainJob), trainJob);
      expect(trainJob.metadata.labels).toEqual({ 'kueue.x-k8s.io/queue-name': 'q' });
    });
  });
});
