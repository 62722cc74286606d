// SPDX-License-Identifier: Apache-2.0
import {
  applyFailureMapping,
  mapFailurePolicy,
  renderFailurePolicy,
  type FailureMappingTarget,
} from './failure-policy.js';

const preemption = {
  pod: { action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
  jobSet: (i: number) => ({
    name: `trainJobFailurePolicyRule${i}`,
    action: 'RestartJobSetAndIgnoreMaxRestarts',
    onJobFailureReasons: ['PodFailurePolicy'],
    onJobFailureMessagePatterns: [`matching FailJob rule at index ${i}$`],
  }),
};

describe('mapFailurePolicy', () => {
  it('renders nothing when neither the runtime nor the TrainJob sets a policy', () => {
    expect(mapFailurePolicy(undefined, undefined)).toBeUndefined();
  });

  it.each([
    ['runtime budget', { maxRestarts: 3 }, undefined, 3],
    ['TrainJob budget overrides the runtime', { maxRestarts: 3 }, 1, 1],
    ['TrainJob budget alone', undefined, 2, 2],
    ['no budget means no counted restart', {}, undefined, 0],
  ])('%s', (_name, policy, override, expected) => {
    const mapping = mapFailurePolicy(policy, override);
    expect(mapping?.failurePolicy.maxRestarts).toBe(expected);
    // Preemption costs nothing by default: the last rule restarts without counting.
    expect(mapping?.podFailurePolicy.rules).toEqual([preemption.pod]);
    expect(mapping?.failurePolicy.rules).toEqual([preemption.jobSet(0)]);
  });

  it('maps every rule, in order, to a FailJob pod rule and a JobSet rule on its index', () => {
    const mapping = mapFailurePolicy(
      {
        maxRestarts: 2,
        rules: [
          { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [42] } },
          {
            action: 'RestartTrainJob',
            onExitCodes: { containerName: 'node', operator: 'In', values: [7, 3] },
          },
          { action: 'RestartTrainJobAndIgnoreMaxRestarts', onPodConditions: [{ type: 'ConfigIssue' }] },
        ],
      },
      undefined,
    );
    expect(mapping?.podFailurePolicy.rules).toEqual([
      { action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } },
      { action: 'FailJob', onExitCodes: { containerName: 'node', operator: 'In', values: [3, 7] } },
      { action: 'FailJob', onPodConditions: [{ type: 'ConfigIssue', status: 'True' }] },
      preemption.pod,
    ]);
    expect(
      mapping?.failurePolicy.rules.map((r) => [r.name, r.action, r.onJobFailureMessagePatterns]),
    ).toEqual([
      ['trainJobFailurePolicyRule0', 'FailJobSet', ['matching FailJob rule at index 0$']],
      ['trainJobFailurePolicyRule1', 'RestartJobSet', ['matching FailJob rule at index 1$']],
      [
        'trainJobFailurePolicyRule2',
        'RestartJobSetAndIgnoreMaxRestarts',
        ['matching FailJob rule at index 2$'],
      ],
      [
        'trainJobFailurePolicyRule3',
        'RestartJobSetAndIgnoreMaxRestarts',
        ['matching FailJob rule at index 3$'],
      ],
    ]);
  });

  it('lets a runtime make preemption count: its own DisruptionTarget rule replaces the default', () => {
    const mapping = mapFailurePolicy(
      { rules: [{ action: 'RestartTrainJob', onPodConditions: [{ type: 'DisruptionTarget' }] }] },
      undefined,
    );
    expect(mapping?.failurePolicy.rules.map((r) => r.action)).toEqual(['RestartJobSet']);
    expect(mapping?.podFailurePolicy.rules).toHaveLength(1);
  });

  it('anchors each message pattern so rule 1 does not match the message of rule 10', () => {
    const rules = Array.from({ length: 11 }, () => ({
      action: 'RestartTrainJob' as const,
      onExitCodes: { operator: 'In' as const, values: [1] },
    }));
    const pattern = new RegExp(
      mapFailurePolicy({ rules }, undefined)!.failurePolicy.rules[1]!.onJobFailureMessagePatterns[0]!,
    );
    expect(
      pattern.test('Container node for pod ns/p failed with exit code 1 matching FailJob rule at index 1'),
    ).toBe(true);
    expect(
      pattern.test('Container node for pod ns/p failed with exit code 1 matching FailJob rule at index 10'),
    ).toBe(false);
  });
});

describe('applyFailureMapping', () => {
  it('writes the JobSet policy and every Job podFailurePolicy with restartPolicy Never', () => {
    const spec: FailureMappingTarget = {
      replicatedJobs: [{ template: { spec: { template: { spec: { restartPolicy: 'OnFailure' } } } } }, {}],
    };
    const mapping = mapFailurePolicy({ maxRestarts: 1 }, undefined)!;
    applyFailureMapping(spec, mapping);
    expect(spec.failurePolicy).toEqual(mapping.failurePolicy);
    for (const rJob of spec.replicatedJobs ?? []) {
      expect(rJob.template?.spec?.podFailurePolicy).toEqual(mapping.podFailurePolicy);
      expect(rJob.template?.spec?.template?.spec?.restartPolicy).toBe('Never');
    }
  });
});

describe('renderFailurePolicy', () => {
  it('leaves a spec without any policy byte-identical', () => {
    const spec: FailureMappingTarget = { replicatedJobs: [{ template: { spec: {} } }] };
    const before = JSON.stringify(spec);
    renderFailurePolicy(spec, undefined, undefined);
    expect(JSON.stringify(spec)).toBe(before);
  });
  it("keeps a template's own JobSet failurePolicy, with the TrainJob's maxRestarts", () => {
    const own = { maxRestarts: 5, rules: [{ name: 'r', action: 'FailJobSet' }] };
    const spec: FailureMappingTarget = { failurePolicy: structuredClone(own), replicatedJobs: [{}] };
    renderFailurePolicy(spec, undefined, 1);
    expect(spec.failurePolicy).toEqual({ ...own, maxRestarts: 1 });
    expect(spec.replicatedJobs).toEqual([{}]);
  });
  it('renders the runtime policy', () => {
    const spec: FailureMappingTarget = { replicatedJobs: [{}] };
    renderFailurePolicy(spec, { maxRestarts: 2 }, undefined);
    expect((spec.failurePolicy as { maxRestarts: number }).maxRestarts).toBe(2);
    expect(spec.replicatedJobs?.[0]?.template?.spec?.template?.spec?.restartPolicy).toBe('Never');
  });
});
