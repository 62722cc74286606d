// SPDX-License-Identifier: Apache-2.0
import type { EnforcePodGroupPolicyPlugin } from '../../framework/plugin.js';
import { defaultPlugins } from '../../plugins/registry.js';
import { clusterRuntime, containerOf, jobOf, replicatedJob, trainJob } from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';

function initRuntime() {
  const dataset = replicatedJob(
    'dataset-initializer',
    [
      {
        name: 'dataset-initializer',
        env: [
          { name: 'PRE_EXISTING', value: 'from-runtime-template' },
          { name: 'OTHER', value: 'keep-me' },
        ],
      },
    ],
    'dataset-initializer',
  );
  dataset.replicas = 3;
  const node = replicatedJob(
    'node',
    [
      {
        name: 'node',
        env: [
          { name: 'FROM_TEMPLATE', value: 'template-value' },
          { name: 'OVERRIDE_ME', value: 'old-value' },
        ],
      },
    ],
    'trainer',
  );
  return clusterRuntime('rt', {}, [dataset, node]);
}

describe('buildJobSet', () => {
  it('dataset initializer merges Dataset.Env with storageUri and forces one replica', () => {
    const job = trainJob('j', 'rt', undefined, {
      initializer: {
        dataset: {
          storageUri: 'hf://my-org/my-dataset',
          env: [
            { name: 'CUSTOM_FROM_USER', value: 'user-value' },
            { name: 'PRE_EXISTING', value: 'overridden-by-trainjob' },
          ],
          secretRef: { name: 'hf-secret' },
        },
      },
    });
    const jobSet = renderJobSet(job, initRuntime());
    const c = containerOf(jobSet, 'dataset-initializer', 'dataset-initializer');
    expect(c.env).toEqual([
      { name: 'PRE_EXISTING', value: 'overridden-by-trainjob' },
      { name: 'OTHER', value: 'keep-me' },
      { name: 'STORAGE_URI', value: 'hf://my-org/my-dataset' },
      { name: 'CUSTOM_FROM_USER', value: 'user-value' },
    ]);
    expect(c.envFrom).toEqual([{ secretRef: { name: 'hf-secret' } }]);
    expect(jobOf(jobSet, 'dataset-initializer').replicas).toBe(1);
    expect(jobOf(jobSet, 'dataset-initializer').template?.spec).toMatchObject({
      parallelism: 1,
      completions: 1,
    });
  });

  it('trainer env overrides in place and appends new names', () => {
    const job = trainJob('j', 'rt', {
      env: [
        { name: 'OVERRIDE_ME', value: 'new-value' },
        { name: 'FROM_TRAINJOB', value: 'extra' },
      ],
    });
    const c = containerOf(renderJobSet(job, initRuntime()), 'node', 'node');
    expect(c.env).toEqual([
      { name: 'FROM_TEMPLATE', value: 'template-value' },
      { name: 'OVERRIDE_ME', value: 'new-value' },
      { name: 'FROM_TRAINJOB', value: 'extra' },
    ]);
  });

  it('writes the owner reference, suspend and the scheduler pod metadata on every pod template', () => {
    const stamp: EnforcePodGroupPolicyPlugin = {
      name: 'Stamp',
      enforcePodGroupPolicy: (info, tj) => {
        info.scheduler.podLabels['scheduling.x-k8s.io/pod-group'] = tj.metadata.name ?? '';
        info.scheduler.podAnnotations['scheduling.k8s.io/group-name'] = tj.metadata.name ?? '';
      },
    };
    const job = trainJob('j', 'rt', undefined, { suspend: true });
    const jobSet = renderJobSet(job, initRuntime(), { plugins: [...defaultPlugins(), stamp] });
    expect(jobSet.metadata).toEqual({
      name: 'j',
      namespace: 'default',
      ownerReferences: [
        {
          apiVersion: 'trainer.kubeflow.org/v1alpha1',
          blockOwnerDeletion: true,
          controller: true,
          kind: 'TrainJob',
          name: 'j',
          uid: 'j-uid',
        },
      ],
    });
    expect((jobSet.spec as { suspend: boolean }).suspend).toBe(true);
    for (const name of ['dataset-initializer', 'node']) {
      expect(jobOf(jobSet, name).template?.spec?.template?.metadata).toEqual({
        annotations: { 'scheduling.k8s.io/group-name': 'j' },
        labels: { 'scheduling.x-k8s.io/pod-group': 'j' },
      });
    }
  });

  it('uses network.subdomain for endpoints but not for PET_MASTER_ADDR', () => {
    const runtime = clusterRuntime('rt', { mlPolicy: { torch: {} } }, [
      replicatedJob('node', [{ name: 'node' }], 'trainer'),
    ]);
    runtime.spec.template.spec.network = { subdomain: 'custom' };
    const jobSet = renderJobSet(trainJob('j', 'rt', {}), runtime);
    expect(containerOf(jobSet, 'node', 'node').env?.find((e) => e.name === 'PET_MASTER_ADDR')?.value).toBe(
      'j-node-0-0.j',
    );
  });
});

describe('buildJobSet failure policy', () => {
  const runtime = () => clusterRuntime('rt', {}, [replicatedJob('node', [{ name: 'node' }], 'trainer')]);
  it("renders a TrainJob's maxRestarts with preemption restarting for free", () => {
    const jobSet = renderJobSet(
      trainJob('j', 'rt', undefined, { failurePolicy: { maxRestarts: 2 } }),
      runtime(),
    );
    expect((jobSet.spec as { failurePolicy?: unknown }).failurePolicy).toEqual({
      maxRestarts: 2,
      rules: [
        {
          name: 'trainJobFailurePolicyRule0',
          action: 'RestartJobSetAndIgnoreMaxRestarts',
          onJobFailureReasons: ['PodFailurePolicy'],
          onJobFailureMessagePatterns: ['matching FailJob rule at index 0$'],
        },
      ],
    });
    expect(jobOf(jobSet, 'node').template?.spec?.template?.spec?.restartPolicy).toBe('Never');
  });
  it("renders the runtime's runPolicy.failurePolicy, the TrainJob's maxRestarts overriding its budget", () => {
    const rt = clusterRuntime(
      'rt',
      {
        runPolicy: {
          failurePolicy: {
            maxRestarts: 5,
            rules: [{ action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [42] } }],
          },
        },
      },
      [replicatedJob('node', [{ name: 'node' }], 'trainer')],
    );
    const own = renderJobSet(trainJob('j', 'rt'), rt);
    const overridden = renderJobSet(
      trainJob('j', 'rt', undefined, { failurePolicy: { maxRestarts: 1 } }),
      rt,
    );
    const policy = (js: typeof own) =>
      js.spec as { failurePolicy?: { maxRestarts: number; rules: { action: string }[] } };
    expect([policy(own).failurePolicy?.maxRestarts, policy(overridden).failurePolicy?.maxRestarts]).toEqual([
      5, 1,
    ]);
    expect(policy(own).failurePolicy?.rules.map((r) => r.action)).toEqual([
      'FailJobSet',
      'RestartJobSetAndIgnoreMaxRestarts',
    ]);
    expect(jobOf(own, 'node').template?.spec?.podFailurePolicy).toEqual({
      rules: [
        { action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } },
        { action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
      ],
    });
  });
  it('renders no failure handling for a TrainJob without a policy', () => {
    const jobSet = renderJobSet(trainJob('j', 'rt'), runtime());
    expect((jobSet.spec as { failurePolicy?: unknown }).failurePolicy).toBeUndefined();
    expect(jobOf(jobSet, 'node').template?.spec?.podFailurePolicy).toBeUndefined();
  });
});
