// SPDX-License-Identifier: Apache-2.0
import { create, name, podGroupPriorityClassName, Volcano } from './volcano.js';
import {
  expectedPodGroup,
  gangTrainJob,
  launcherSteps,
  torchtuneSteps,
  type RuntimeFixture,
} from '@kubetrain/testing';
import { makeInfo, podTemplateMetadataOf } from '../../../test/engine.js';
import { applyTrainerNumNodes } from '../common/trainer-node.js';
import type { TrainJob } from '../../types.js';
import { pluginDependencies } from '../../framework/dependencies.js';

const ANNOTATION = 'scheduling.k8s.io/group-name';

const podGroup = (spec: Record<string, unknown>) =>
  expectedPodGroup({ apiVersion: 'scheduling.volcano.sh/v1beta1', kind: 'PodGroup' }, spec);
const node = { name: 'node', ancestor: 'trainer', container: 'node', requests: { cpu: '1', memory: '2Gi' } };

describe('Volcano', () => {
  it('is named as upstream and created by its factory', () => {
    expect(name).toBe('Volcano');
    expect(create(pluginDependencies())).toBeInstanceOf(Volcano);
  });

  interface Case {
    runtime: RuntimeFixture;
    trainJob?: TrainJob;
    wantSchedulerAnnotations: Record<string, string>;
    wantTemplateAnnotations: Record<string, Record<string, string> | undefined>;
    wantObjects: unknown[];
  }
  const cases: Record<string, Case> = {
    'no podGroupPolicy: nothing': {
      runtime: { steps: [node] },
      wantSchedulerAnnotations: {},
      wantTemplateAnnotations: { node: undefined },
      wantObjects: [],
    },
    'coscheduling policy only: nothing': {
      runtime: { podGroupPolicy: { coscheduling: {} }, steps: [node] },
      wantSchedulerAnnotations: {},
      wantTemplateAnnotations: { node: undefined },
      wantObjects: [],
    },
    '04-volcano-integration: numNodes 4, no queue (upstream worked render)': {
      runtime: { mlPolicy: { numNodes: 1, torch: {} }, podGroupPolicy: { volcano: {} }, steps: [node] },
      trainJob: gangTrainJob('job', { spec: { trainer: { numNodes: 4 } } }),
      wantSchedulerAnnotations: { [ANNOTATION]: 'job' },
      wantTemplateAnnotations: { node: undefined },
      wantObjects: [podGroup({ minMember: 4, minResources: { cpu: '4', memory: '8Gi' } })],
    },
    'queue, last priorityClassName and network topology (upstream golden)': {
      runtime: {
        podGroupPolicy: { volcano: { networkTopology: { mode: 'hard', highestTierAllowed: 1 } } },
        annotations: { 'scheduling.volcano.sh/queue-name': 'q1' },
        steps: [
          { name: 'a', priorityClassName: 'low-priority' },
          { ...node, priorityClassName: 'high-priority' },
        ],
      },
      wantSchedulerAnnotations: { [ANNOTATION]: 'job' },
      wantTemplateAnnotations: { a: undefined, node: undefined },
      wantObjects: [
        podGroup({
          minMember: 2,
          minResources: { cpu: '1', memory: '2Gi' },
          queue: 'q1',
          priorityClassName: 'high-priority',
          networkTopology: { mode: 'hard', highestTierAllowed: 1 },
        }),
      ],
    },
    'a runtimePatch overrides the queue annotation': {
      runtime: {
        podGroupPolicy: { volcano: {} },
        annotations: { 'scheduling.volcano.sh/queue-name': 'q1' },
        steps: [node],
      },
      trainJob: gangTrainJob('job', {
        spec: {
          runtimePatches: [
            {
              manager: 'acme.io/platform',
              trainingRuntimeSpec: {
                template: { metadata: { annotations: { 'scheduling.volcano.sh/queue-name': 'q2' } } },
              },
            },
          ],
        },
      }),
      wantSchedulerAnnotations: { [ANNOTATION]: 'job' },
      wantTemplateAnnotations: { node: undefined },
      wantObjects: [podGroup({ minMember: 1, minResources: { cpu: '1', memory: '2Gi' }, queue: 'q2' })],
    },
    'network topology gets the CRD defaults': {
      runtime: { podGroupPolicy: { volcano: { networkTopology: {} } }, steps: [node] },
      wantSchedulerAnnotations: { [ANNOTATION]: 'job' },
      wantTemplateAnnotations: { node: undefined },
      wantObjects: [
        podGroup({
          minMember: 1,
          minResources: { cpu: '1', memory: '2Gi' },
          networkTopology: { mode: 'hard', highestTierAllowed: 1 },
        }),
      ],
    },
    'torchtune: only the trainer pods are annotated and counted': {
      runtime: {
        mlPolicy: { numNodes: 2, torch: {} },
        podGroupPolicy: { volcano: {} },
        steps: torchtuneSteps,
      },
      wantSchedulerAnnotations: {},
      wantTemplateAnnotations: {
        'dataset-initializer': undefined,
        'model-initializer': undefined,
        node: { [ANNOTATION]: 'job' },
      },
      wantObjects: [podGroup({ minMember: 2, minResources: { cpu: '8', 'nvidia.com/gpu': '2' } })],
    },
    'launcher held back by dependsOn Ready is not annotated': {
      runtime: { podGroupPolicy: { volcano: {} }, steps: launcherSteps },
      wantSchedulerAnnotations: {},
      wantTemplateAnnotations: { node: { [ANNOTATION]: 'job' }, launcher: undefined },
      wantObjects: [podGroup({ minMember: 3, minResources: { cpu: '6' } })],
    },
  };
  for (const [caseName, tc] of Object.entries(cases)) {
    it(caseName, () => {
      const plugin = create(pluginDependencies());
      const trainJob = tc.trainJob ?? gangTrainJob('job');
      const info = makeInfo(tc.runtime, trainJob);
      applyTrainerNumNodes(info, trainJob); // the trainer count, as the ML policies set it
      plugin.enforcePodGroupPolicy(info, trainJob);
      expect(info.scheduler.podAnnotations).toEqual(tc.wantSchedulerAnnotations);
      expect(info.scheduler.podLabels).toEqual({});
      expect(podTemplateMetadataOf(info, 'annotations')).toEqual(tc.wantTemplateAnnotations);
      expect(plugin.build(info, trainJob)).toEqual(tc.wantObjects);
    });
  }

  it('priorityClassName: undefined when no pod template sets one', () => {
    const info = makeInfo({ steps: [node] }, gangTrainJob('job'));
    expect(podGroupPriorityClassName(info)).toBeUndefined();
  });
});
