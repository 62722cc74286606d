// SPDX-License-Identifier: Apache-2.0
import { computeGang, placeSteps, type StepPlacement } from './gang.js';
import { gangTrainJob, launcherSteps, torchtuneSteps, type RuntimeFixture } from '@kubetrain/testing';
import { makeInfo } from '../../../test/engine.js';
import { applyTrainerNumNodes } from './trainer-node.js';
import type { ReplicatedJob } from '@kubetrain/api';

describe('placeSteps', () => {
  type Step = Pick<ReplicatedJob, 'name' | 'dependsOn'>;
  type DependsOnStatus = NonNullable<ReplicatedJob['dependsOn']>[number]['status'];
  const rj = (name: string, dependsOn?: Array<[string, DependsOnStatus]>): Step => ({
    name,
    ...(dependsOn !== undefined ? { dependsOn: dependsOn.map(([n, status]) => ({ name: n, status })) } : {}),
  });
  const cases: Record<string, { jobs: Step[]; want: StepPlacement[] }> = {
    'no dependsOn: every step in phase 0': {
      jobs: [rj('a'), rj('b')],
      want: [
        { phase: 0, heldBack: false },
        { phase: 0, heldBack: false },
      ],
    },
    'Complete starts a new phase': {
      jobs: [rj('init'), rj('node', [['init', 'Complete']])],
      want: [
        { phase: 0, heldBack: false },
        { phase: 1, heldBack: false },
      ],
    },
    'Ready keeps the phase and holds the step back': {
      jobs: [rj('node'), rj('launcher', [['node', 'Ready']])],
      want: [
        { phase: 0, heldBack: false },
        { phase: 0, heldBack: true },
      ],
    },
    'phases accumulate along a chain': {
      jobs: [rj('a'), rj('b', [['a', 'Complete']]), rj('c', [['b', 'Ready']]), rj('d', [['c', 'Complete']])],
      want: [
        { phase: 0, heldBack: false },
        { phase: 1, heldBack: false },
        { phase: 1, heldBack: true },
        { phase: 2, heldBack: false },
      ],
    },
    'the latest dependency decides the phase': {
      jobs: [
        rj('a'),
        rj('b', [['a', 'Complete']]),
        rj('c', [
          ['a', 'Complete'],
          ['b', 'Complete'],
        ]),
      ],
      want: [
        { phase: 0, heldBack: false },
        { phase: 1, heldBack: false },
        { phase: 2, heldBack: false },
      ],
    },
    'an unknown dependency counts as phase 0': {
      jobs: [rj('a', [['missing', 'Complete']])],
      want: [{ phase: 1, heldBack: false }],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(placeSteps(tc.jobs)).toEqual(tc.want);
    });
  }
});

describe('computeGang', () => {
  interface Case {
    runtime: RuntimeFixture;
    numNodes?: number;
    wantMembers: string[];
    wantIncludesAll: boolean;
    wantMinMember: number;
    wantMinResources: Record<string, string>;
  }
  const cases: Record<string, Case> = {
    'single trainer step: numNodes pods': {
      runtime: {
        mlPolicy: { numNodes: 1, torch: {} },
        steps: [
          { name: 'node', ancestor: 'trainer', container: 'node', requests: { cpu: '1', memory: '2Gi' } },
        ],
      },
      numNodes: 4,
      wantMembers: ['node'],
      wantIncludesAll: true,
      wantMinMember: 4,
      wantMinResources: { cpu: '4', memory: '8Gi' },
    },
    'no dependsOn: every pod set counts, as upstream (upstream golden)': {
      runtime: {
        mlPolicy: { numNodes: 2, torch: {} },
        steps: [
          { name: 'node', ancestor: 'trainer', container: 'node', requests: { cpu: '500m', memory: '1Gi' } },
          {
            name: 'dataset-initializer',
            ancestor: 'dataset-initializer',
            requests: { cpu: '250m', memory: '512Mi' },
          },
        ],
      },
      wantMembers: ['node', 'dataset-initializer'],
      wantIncludesAll: true,
      wantMinMember: 3,
      wantMinResources: { cpu: '1250m', memory: '2560Mi' },
    },
    'pod set without requests: empty minResources': {
      runtime: { steps: [{ name: 'node', ancestor: 'trainer', container: 'node' }] },
      wantMembers: ['node'],
      wantIncludesAll: true,
      wantMinMember: 1,
      wantMinResources: {},
    },
    'torchtune: initializers completed before the trainer are left out': {
      runtime: { mlPolicy: { numNodes: 1, torch: {} }, steps: torchtuneSteps },
      numNodes: 3,
      wantMembers: ['node'],
      wantIncludesAll: false,
      wantMinMember: 3,
      wantMinResources: { cpu: '12', 'nvidia.com/gpu': '3' },
    },
    'launcher held back until the workers are ready is left out': {
      runtime: { mlPolicy: { numNodes: 1, torch: {} }, steps: launcherSteps },
      wantMembers: ['node'],
      wantIncludesAll: false,
      wantMinMember: 3,
      wantMinResources: { cpu: '6' },
    },
    'no trainer step: the first phase is the gang': {
      runtime: {
        steps: [
          { name: 'prepare', parallelism: 2 },
          { name: 'work', parallelism: 5, dependsOn: [{ name: 'prepare', status: 'Complete' }] },
        ],
      },
      wantMembers: ['prepare'],
      wantIncludesAll: false,
      wantMinMember: 2,
      wantMinResources: {},
    },
    'steps sharing the trainer phase are members': {
      runtime: {
        mlPolicy: { numNodes: 2, torch: {} },
        steps: [
          { name: 'init', ancestor: 'dataset-initializer' },
          {
            name: 'node',
            ancestor: 'trainer',
            container: 'node',
            dependsOn: [{ name: 'init', status: 'Complete' }],
          },
          { name: 'ps', parallelism: 2, dependsOn: [{ name: 'init', status: 'Complete' }] },
          { name: 'eval', dependsOn: [{ name: 'node', status: 'Ready' }] },
        ],
      },
      wantMembers: ['node', 'ps'],
      wantIncludesAll: false,
      wantMinMember: 4,
      wantMinResources: {},
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const trainJob = gangTrainJob(
        'job',
        tc.numNodes !== undefined ? { spec: { trainer: { numNodes: tc.numNodes } } } : {},
      );
      const info = makeInfo(tc.runtime, trainJob);
      applyTrainerNumNodes(info, trainJob); // the trainer count, as the ML policies set it
      const gang = computeGang(info);
      expect(gang.members.map((m) => m.podSet.name)).toEqual(tc.wantMembers);
      expect(gang.includesAll).toBe(tc.wantIncludesAll);
      expect(gang.minMember).toBe(tc.wantMinMember);
      expect(gang.minResources).toEqual(tc.wantMinResources);
    });
  }
});
