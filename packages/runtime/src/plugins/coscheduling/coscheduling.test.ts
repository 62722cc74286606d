// SPDX-License-Identifier: Apache-2.0
import { CoScheduling, create, name } from './coscheduling.js';
import {
  expectedPodGroup,
  gangTrainJob,
  launcherSteps,
  torchtuneSteps,
  type RuntimeFixture,
} from '@kubetrain/testing';
import { makeInfo, podTemplateMetadataOf } from '../../../test/engine.js';
import { pluginDependencies } from '../../framework/dependencies.js';

const LABEL = 'scheduling.x-k8s.io/pod-group';

describe('CoScheduling', () => {
  it('is named as upstream and created by its factory', () => {
    expect(name).toBe('CoScheduling');
    expect(create(pluginDependencies())).toBeInstanceOf(CoScheduling);
  });

  interface Case {
    runtime: RuntimeFixture;
    numNodes?: number;
    wantSchedulerLabels: Record<string, string>;
    wantTemplateLabels: Record<string, Record<string, string> | undefined>;
    wantObjects: unknown[];
  }
  const podGroup = (spec: Record<string, unknown>) =>
    expectedPodGroup({ apiVersion: 'scheduling.x-k8s.io/v1alpha1', kind: 'PodGroup' }, spec);
  const cases: Record<string, Case> = {
    'no podGroupPolicy: nothing': {
      runtime: { steps: [{ name: 'node', ancestor: 'trainer', container: 'node' }] },
      wantSchedulerLabels: {},
      wantTemplateLabels: { node: undefined },
      wantObjects: [],
    },
    'volcano policy only: nothing': {
      runtime: {
        podGroupPolicy: { volcano: {} },
        steps: [{ name: 'node', ancestor: 'trainer', container: 'node' }],
      },
      wantSchedulerLabels: {},
      wantTemplateLabels: { node: undefined },
      wantObjects: [],
    },
    'no dependsOn: label on every pod, PodGroup over every pod set (upstream golden)': {
      runtime: {
        mlPolicy: { numNodes: 2, torch: {} },
        podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 30 } },
        steps: [
          { name: 'node', ancestor: 'trainer', container: 'node', requests: { cpu: '500m', memory: '1Gi' } },
          {
            name: 'dataset-initializer',
            ancestor: 'dataset-initializer',
            requests: { cpu: '250m', memory: '512Mi' },
          },
        ],
      },
      wantSchedulerLabels: { [LABEL]: 'job' },
      wantTemplateLabels: { node: undefined, 'dataset-initializer': undefined },
      wantObjects: [
        podGroup({
          minMember: 3,
          minResources: { cpu: '1250m', memory: '2560Mi' },
          scheduleTimeoutSeconds: 30,
        }),
      ],
    },
    'timeout defaults to 60 (CRD default)': {
      runtime: {
        podGroupPolicy: { coscheduling: {} },
        steps: [{ name: 'node', ancestor: 'trainer', container: 'node' }],
      },
      wantSchedulerLabels: { [LABEL]: 'job' },
      wantTemplateLabels: { node: undefined },
      wantObjects: [podGroup({ minMember: 1, minResources: {}, scheduleTimeoutSeconds: 60 })],
    },
    'torchtune: only the trainer pods are labelled and counted': {
      runtime: {
        mlPolicy: { numNodes: 2, torch: {} },
        podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 60 } },
        steps: torchtuneSteps,
      },
      wantSchedulerLabels: {},
      wantTemplateLabels: {
        'dataset-initializer': undefined,
        'model-initializer': undefined,
        node: { [LABEL]: 'job' },
      },
      wantObjects: [
        podGroup({
          minMember: 2,
          minResources: { cpu: '8', 'nvidia.com/gpu': '2' },
          scheduleTimeoutSeconds: 60,
        }),
      ],
    },
    'launcher held back by dependsOn Ready is not labelled': {
      runtime: { podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 60 } }, steps: launcherSteps },
      wantSchedulerLabels: {},
      wantTemplateLabels: { node: { [LABEL]: 'job' }, launcher: undefined },
      wantObjects: [podGroup({ minMember: 3, minResources: { cpu: '6' }, scheduleTimeoutSeconds: 60 })],
    },
  };
  for (const [caseName, tc] of Object.entries(cases)) {
    it(caseName, () => {
      const plugin = create(pluginDependencies());
      const trainJob = gangTrainJob('job');
      const info = makeInfo(tc.runtime, trainJob);
      plugin.enforcePodGroupPolicy(info, trainJob);
      expect(info.scheduler.podLabels).toEqual(tc.wantSchedulerLabels);
      expect(info.scheduler.podAnnotations).toEqual({});
      expect(podTemplateMetadataOf(info, 'labels')).toEqual(tc.wantTemplateLabels);
      expect(plugin.build(info, trainJob)).toEqual(tc.wantObjects);
    });
  }

  it('keeps the template labels of a member pod and adds its own', () => {
    const trainJob = gangTrainJob('job');
    const steps = torchtuneSteps.map((s) => (s.name === 'node' ? { ...s, podLabels: { team: 'a' } } : s));
    const info = makeInfo(
      { podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 5 } }, steps },
      trainJob,
    );
    create(pluginDependencies()).enforcePodGroupPolicy(info, trainJob);
    expect(podTemplateMetadataOf(info, 'labels')['node']).toEqual({ team: 'a', [LABEL]: 'job' });
  });
});
