// SPDX-License-Identifier: Apache-2.0
import type { ApplyPolicy, DesiredObject } from '../engine/engine-port.js';
import { decideApply, type ApplyDecision, type ObservedObject } from './apply-decision.js';

function desired(policy: ApplyPolicy, hash = 'h1'): DesiredObject {
  return {
    key: { group: '', kind: 'ConfigMap', namespace: 'ns', name: 'x' },
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'ns' } },
    hash,
    policy,
  };
}

interface Case {
  policy: ApplyPolicy;
  suspended?: boolean;
  observed: ObservedObject;
  last?: string;
  want: ApplyDecision;
}

describe('decideApply', () => {
  const cases: Record<string, Case> = {
    'createOnly absent: create': { policy: 'createOnly', observed: { exists: false }, want: 'create' },
    'createOnly present: never written again': {
      policy: 'createOnly',
      observed: { exists: true },
      last: 'old',
      want: 'skip',
    },
    'JobSet absent: apply': { policy: 'whileAbsentOrSuspended', observed: { exists: false }, want: 'apply' },
    'JobSet absent though applied before (removed after completion is handled by the caller): apply': {
      policy: 'whileAbsentOrSuspended',
      observed: { exists: false },
      last: 'h1',
      want: 'apply',
    },
    'JobSet running, TrainJob running: never re-applied, even if the content changed': {
      policy: 'whileAbsentOrSuspended',
      observed: { exists: true, suspended: false },
      last: 'old',
      want: 'skip',
    },
    'JobSet running after a restart (no hash): upstream rule, skip': {
      policy: 'whileAbsentOrSuspended',
      observed: { exists: true, suspended: false },
      want: 'skip',
    },
    'TrainJob suspended, content changed: apply': {
      policy: 'whileAbsentOrSuspended',
      suspended: true,
      observed: { exists: true, suspended: false },
      last: 'old',
      want: 'apply',
    },
    'TrainJob suspended, content unchanged: skip': {
      policy: 'whileAbsentOrSuspended',
      suspended: true,
      observed: { exists: true, suspended: true },
      last: 'h1',
      want: 'skip',
    },
    'resume: JobSet still suspended, content changed (suspend false): apply': {
      policy: 'whileAbsentOrSuspended',
      observed: { exists: true, suspended: true },
      last: 'old',
      want: 'apply',
    },
    'suspended JobSet after a restart, annotation matches: skip': {
      policy: 'whileAbsentOrSuspended',
      suspended: true,
      observed: { exists: true, suspended: true, appliedHash: 'h1' },
      want: 'skip',
    },
    'suspended JobSet applied by someone else (no annotation): re-applied, as upstream': {
      policy: 'whileAbsentOrSuspended',
      suspended: true,
      observed: { exists: true, suspended: true },
      want: 'apply',
    },
    'always absent: apply': { policy: 'always', observed: { exists: false }, last: 'h1', want: 'apply' },
    'always unchanged: skip': { policy: 'always', observed: { exists: true }, last: 'h1', want: 'skip' },
    'always changed: apply': { policy: 'always', observed: { exists: true }, last: 'old', want: 'apply' },
    'always after a restart, annotation matches: skip': {
      policy: 'always',
      observed: { exists: true, appliedHash: 'h1' },
      want: 'skip',
    },
    'always after a restart, no annotation: apply': {
      policy: 'always',
      observed: { exists: true },
      want: 'apply',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(decideApply(desired(tc.policy), tc.suspended ?? false, tc.observed, tc.last)).toBe(tc.want);
    });
  }
});
