// SPDX-License-Identifier: Apache-2.0
import { create, isKAIEnabled, KAIScheduler, name } from './kai.js';
import { gangTrainJob, launcherSteps, torchtuneSteps, type RuntimeFixture } from '@kubetrain/testing';
import { makeInfo, perReplicatedJob } from '../../../test/engine.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { pluginDependencies } from '../../framework/dependencies.js';

const QUEUE = 'kai.scheduler/queue';
const MIN = 'kai.scheduler/batch-min-member';
const node = { name: 'node', ancestor: 'trainer', container: 'node' };

function schedulerNames(info: RuntimeInfo): Record<string, unknown> {
  return perReplicatedJob(info, (rJob) => rJob.template?.spec?.template?.spec?.schedulerName);
}

describe('KAI', () => {
  it('is named and created by its factory', () => {
    expect(name).toBe('KAI');
    expect(create(pluginDependencies())).toBeInstanceOf(KAIScheduler);
  });

  describe('isKAIEnabled', () => {
    const cases: Record<string, { runtime: RuntimeFixture; trainJob: TrainJob; want: boolean }> = {
      'no KAI signal': { runtime: { steps: [node] }, trainJob: gangTrainJob('job'), want: false },
      'queue label on the TrainJob': {
        runtime: { steps: [node] },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'team-a' } }),
        want: true,
      },
      'queue label on the runtime template': {
        runtime: { steps: [node], labels: { [QUEUE]: 'team-a' } },
        trainJob: gangTrainJob('job'),
        want: true,
      },
      'schedulerName kai-scheduler in a pod template': {
        runtime: { steps: [{ ...node, schedulerName: 'kai-scheduler' }] },
        trainJob: gangTrainJob('job'),
        want: true,
      },
      'another schedulerName': {
        runtime: { steps: [{ ...node, schedulerName: 'volcano' }] },
        trainJob: gangTrainJob('job'),
        want: false,
      },
      'the runtime chose Volcano: off even with a queue label': {
        runtime: { steps: [node], podGroupPolicy: { volcano: {} } },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'team-a' } }),
        want: false,
      },
      'the runtime chose coscheduling: off': {
        runtime: {
          steps: [{ ...node, schedulerName: 'kai-scheduler' }],
          podGroupPolicy: { coscheduling: {} },
        },
        trainJob: gangTrainJob('job'),
        want: false,
      },
    };
    for (const [caseName, tc] of Object.entries(cases)) {
      it(caseName, () => {
        expect(isKAIEnabled(makeInfo(tc.runtime, tc.trainJob), tc.trainJob)).toBe(tc.want);
      });
    }
  });

  describe('enforcePodGroupPolicy', () => {
    interface Case {
      runtime: RuntimeFixture;
      trainJob: TrainJob;
      wantSchedulerNames: Record<string, unknown>;
      wantLabels: Record<string, string>;
      wantAnnotations: Record<string, string>;
    }
    const cases: Record<string, Case> = {
      'not enabled: nothing changes': {
        runtime: { steps: [node], labels: { team: 'a' } },
        trainJob: gangTrainJob('job'),
        wantSchedulerNames: { node: undefined },
        wantLabels: { team: 'a' },
        wantAnnotations: {},
      },
      'single step: scheduler name, queue from the TrainJob, gang of one replicatedJob': {
        runtime: { steps: [node] },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'team-a' } }),
        wantSchedulerNames: { node: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'team-a' },
        wantAnnotations: { [MIN]: '1' },
      },
      'no dependsOn: every replicatedJob is required (KAI default made explicit)': {
        runtime: { steps: [{ name: 'dataset-initializer', ancestor: 'dataset-initializer' }, node] },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'q' } }),
        wantSchedulerNames: { 'dataset-initializer': 'kai-scheduler', node: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: { [MIN]: '2' },
      },
      'torchtune: one subgroup at a time, not three': {
        runtime: { steps: torchtuneSteps },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'q' } }),
        wantSchedulerNames: {
          'dataset-initializer': 'kai-scheduler',
          'model-initializer': 'kai-scheduler',
          node: 'kai-scheduler',
        },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: { [MIN]: '1' },
      },
      'launcher waiting on ready workers: one subgroup': {
        runtime: { steps: launcherSteps },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'q' } }),
        wantSchedulerNames: { node: 'kai-scheduler', launcher: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: { [MIN]: '1' },
      },
      'an explicit schedulerName is kept': {
        runtime: { steps: [{ name: 'sidecar', schedulerName: 'default-scheduler' }, node] },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'q' } }),
        wantSchedulerNames: { sidecar: 'default-scheduler', node: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: { [MIN]: '2' },
      },
      'the runtime queue wins over the TrainJob queue, as KAI merges without overriding': {
        runtime: { steps: [node], labels: { [QUEUE]: 'runtime-q' } },
        trainJob: gangTrainJob('job', { labels: { [QUEUE]: 'job-q' } }),
        wantSchedulerNames: { node: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'runtime-q' },
        wantAnnotations: { [MIN]: '1' },
      },
      'topology annotations and gang size from the TrainJob are copied': {
        runtime: { steps: torchtuneSteps },
        trainJob: gangTrainJob('job', {
          labels: { [QUEUE]: 'q' },
          annotations: {
            'kai.scheduler/topology': 'gpu-topology',
            'kai.scheduler/topology-required-placement': 'rack',
            'kai.scheduler/topology-preferred-placement': 'kubernetes.io/hostname',
            [MIN]: '2',
            unrelated: 'x',
          },
        }),
        wantSchedulerNames: {
          'dataset-initializer': 'kai-scheduler',
          'model-initializer': 'kai-scheduler',
          node: 'kai-scheduler',
        },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: {
          'kai.scheduler/topology': 'gpu-topology',
          'kai.scheduler/topology-required-placement': 'rack',
          'kai.scheduler/topology-preferred-placement': 'kubernetes.io/hostname',
          [MIN]: '2',
        },
      },
      'runtime topology and gang size are kept': {
        runtime: {
          steps: [node],
          annotations: { 'kai.scheduler/topology': 'runtime-topology', [MIN]: '3' },
        },
        trainJob: gangTrainJob('job', {
          labels: { [QUEUE]: 'q' },
          annotations: { 'kai.scheduler/topology': 'job-topology' },
        }),
        wantSchedulerNames: { node: 'kai-scheduler' },
        wantLabels: { [QUEUE]: 'q' },
        wantAnnotations: { 'kai.scheduler/topology': 'runtime-topology', [MIN]: '3' },
      },
    };
    for (const [caseName, tc] of Object.entries(cases)) {
      it(caseName, () => {
        const info = makeInfo(tc.runtime, tc.trainJob);
        create(pluginDependencies()).enforcePodGroupPolicy(info, tc.trainJob);
        expect(schedulerNames(info)).toEqual(tc.wantSchedulerNames);
        expect(info.labels).toEqual(tc.wantLabels);
        expect(info.annotations).toEqual(tc.wantAnnotations);
        expect(info.scheduler).toEqual({ podLabels: {}, podAnnotations: {} });
      });
    }
  });
});
