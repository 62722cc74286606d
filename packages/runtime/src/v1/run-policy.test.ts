// SPDX-License-Identifier: Apache-2.0
import type { PodView, ReplicaSpecs } from './job-types.js';
import {
  CompletionTimeMissingError,
  deadlineRemainingMs,
  pastBackoffLimit,
  podsToClean,
  ttlRemainingMs,
} from './run-policy.js';

const pod = (name: string, phase: string, rtype = 'worker', restarts = 0): PodView => ({
  metadata: { name, labels: { 'training.kubeflow.org/replica-type': rtype } },
  status: { phase, containerStatuses: [{ name: 'pytorch', restartCount: restarts }] },
});
const pods = [pod('a', 'Running'), pod('b', 'Pending'), pod('c', 'Succeeded'), pod('d', 'Failed')];

describe('podsToClean', () => {
  it.each<[string | undefined, string[]]>([
    ['All', ['a', 'b', 'c', 'd']],
    ['Running', ['a', 'b']],
    ['None', []],
    [undefined, []],
  ])('cleanPodPolicy %s', (policy, names) => {
    expect(podsToClean(pods, policy).map((p) => p.metadata!.name)).toEqual(names);
  });
});

describe('TTL and deadline', () => {
  const now = new Date('2026-01-01T00:00:10Z');

  it('counts the TTL from the completion time', () => {
    expect(ttlRemainingMs({ ttlSecondsAfterFinished: 5 }, '2026-01-01T00:00:00Z', now)).toBe(-5000);
    expect(ttlRemainingMs({ ttlSecondsAfterFinished: 30 }, '2026-01-01T00:00:00Z', now)).toBe(20000);
    expect(ttlRemainingMs({}, '2026-01-01T00:00:00Z', now)).toBeUndefined();
    expect(() => ttlRemainingMs({ ttlSecondsAfterFinished: 1 }, undefined, now)).toThrow(
      new CompletionTimeMissingError(),
    );
  });

  it('counts the deadline from the start time', () => {
    expect(deadlineRemainingMs({ activeDeadlineSeconds: 4 }, '2026-01-01T00:00:00Z', now)).toBe(-6000);
    expect(deadlineRemainingMs({ activeDeadlineSeconds: 60 }, '2026-01-01T00:00:00Z', now)).toBe(50000);
    expect(deadlineRemainingMs({}, '2026-01-01T00:00:00Z', now)).toBeUndefined();
  });
});

describe('pastBackoffLimit', () => {
  const specs: ReplicaSpecs = { Master: { restartPolicy: 'Never' }, Worker: { restartPolicy: 'OnFailure' } };
  it.each<[string, number | undefined, PodView[], number, boolean, boolean]>([
    ['no limit', undefined, [pod('w', 'Running', 'worker', 9)], 9, true, false],
    ['limit 0: the first failure', 0, [], 0, true, true],
    ['limit 1: one recreation allowed', 1, [], 0, true, false],
    ['limit 1: the second failure', 1, [], 1, true, true],
    ['limit 1: no new failure', 1, [], 1, false, false],
    [
      'restarts of Running restarting pods reach the limit',
      2,
      [pod('w', 'Running', 'worker', 2)],
      0,
      false,
      true,
    ],
    ['restarts of Never replicas do not count', 2, [pod('m', 'Running', 'master', 5)], 0, false, false],
    ['restarts of pods not Running do not count', 2, [pod('w', 'Failed', 'worker', 5)], 0, false, false],
    ['limit 0 and one restart', 0, [pod('w', 'Running', 'worker', 1)], 0, false, true],
  ])('%s', (_name, backoffLimit, list, recreations, newFailure, expected) => {
    const policy = backoffLimit === undefined ? {} : { backoffLimit };
    expect(pastBackoffLimit({ policy, specs, pods: list, recreations, newFailure })).toBe(expected);
  });
});
