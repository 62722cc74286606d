// SPDX-License-Identifier: Apache-2.0
import { render, status, validateAdmission } from './engine.js';
import { defaultPlugins } from './plugins/registry.js';
import { UnsupportedRuntimeError } from './framework/errors.js';
import { formatFieldErrors, type JobSetSpec } from '@kubetrain/api';
import { applyRuntimeDefaults } from './core/runtime-defaults.js';
import type { CustomValidationPlugin } from './framework/plugin.js';
import {
  clusterRuntime,
  replicatedJob,
  torchRuntime,
  trainJob,
  upstreamExamples,
  upstreamRuntimes,
} from '@kubetrain/testing';

describe('validateAdmission', () => {
  it('rejects 05-multi-step: its dataset initializer lacks the initializer volumeMount', () => {
    const example = upstreamExamples().find((e) => e.file === '05-multi-step.yaml');
    const job = example?.trainJobs[0];
    const runtime = example?.runtimes[0];
    if (job === undefined || runtime === undefined) throw new Error('missing example');
    const result = validateAdmission(
      undefined,
      { ...job, metadata: { ...job.metadata, namespace: 'default' } },
      runtime,
    );
    expect(formatFieldErrors(result.errors)).toContain(
      'must have volumeMount with name - initializer in container dataset-initializer of the dataset-initializer job',
    );
  });

  it('accepts a change of ttlSecondsAfterFinished on a running or finished job (mutable, KEP-2899)', () => {
    const example = upstreamExamples().find((e) => e.file === '01-multi-node.yaml');
    const job = example?.trainJobs[0];
    const runtime = upstreamRuntimes().get('torch-distributed')?.runtime;
    if (job === undefined || runtime === undefined) throw new Error('missing example');
    const old = {
      ...job,
      metadata: { ...job.metadata, namespace: 'default' },
      spec: { ...job.spec, ttlSecondsAfterFinished: 3600 },
    };
    for (const status of [
      {},
      {
        conditions: [
          {
            type: 'Complete',
            status: 'True' as const,
            reason: '',
            message: '',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
      },
    ]) {
      const result = validateAdmission(
        { ...old, status },
        { ...old, status, spec: { ...old.spec, ttlSecondsAfterFinished: 1 } },
        runtime,
      );
      expect(result.errors).toEqual([]);
    }
  });

  it('accepts 01-multi-node on torch-distributed', () => {
    const example = upstreamExamples().find((e) => e.file === '01-multi-node.yaml');
    const job = example?.trainJobs[0];
    const runtime = upstreamRuntimes().get('torch-distributed')?.runtime;
    if (job === undefined || runtime === undefined) throw new Error('missing example');
    expect(
      validateAdmission(undefined, { ...job, metadata: { ...job.metadata, namespace: 'default' } }, runtime),
    ).toEqual({
      warnings: [],
      errors: [],
    });
  });

  it('warns about a deprecated ClusterTrainingRuntime', () => {
    const runtime = torchRuntime();
    runtime.metadata.labels = { 'trainer.kubeflow.org/support': 'deprecated' };
    expect(validateAdmission(undefined, trainJob('j', 'torch-distributed', {}), runtime).warnings).toContain(
      'Referenced ClusterTrainingRuntime "torch-distributed" is deprecated and will be removed in a future release of Kubeflow Trainer. See runtime deprecation policy: https://trainer.kubeflow.org/en/latest/operator-guides/runtime.html#runtime-deprecation-policy',
    );
  });

  it('reports a missing runtime and throws for an unsupported kind', () => {
    const missing = validateAdmission(undefined, trainJob('j', 'nope', {}), undefined);
    expect(missing.errors).toHaveLength(1);
    expect(missing.errors[0]?.message).toContain(
      'specified clusterTrainingRuntime must be created before the TrainJob is created',
    );
    const job = trainJob('j', 'x', {});
    job.spec.runtimeRef.kind = 'Deployment';
    expect(() => validateAdmission(undefined, job, torchRuntime())).toThrow(UnsupportedRuntimeError);
  });

  it('runs the validate point of registered plugins after the rules', () => {
    const runtime = clusterRuntime('rt', {}, [replicatedJob('node', [{ name: 'node' }], 'trainer')]);
    const extra: CustomValidationPlugin = {
      name: 'Extra',
      validate: () => ({ warnings: ['extra'], errors: [] }),
    };
    const result = validateAdmission(undefined, trainJob('j', 'rt', {}), runtime, { plugins: [extra] });
    expect(result.warnings).toEqual(['extra']);
  });
});

describe('validateAdmission honours options.plugins', () => {
  const reserved = trainJob('j', 'torch-distributed', { env: [{ name: 'PET_NNODES', value: '1' }] });
  it('runs the Torch rules when Torch is registered', () => {
    expect(validateAdmission(undefined, reserved, torchRuntime()).errors.map((e) => e.path)).toEqual([
      'spec.trainer.env',
    ]);
  });
  it('runs no Torch rule in a registry without Torch, and keeps the rules of no plugin', () => {
    const withoutTorch = defaultPlugins().filter((p) => p.name !== 'Torch');
    expect(validateAdmission(undefined, reserved, torchRuntime(), { plugins: withoutTorch }).errors).toEqual(
      [],
    );
    const tooLong = trainJob('j'.repeat(60), 'torch-distributed', {});
    expect(
      validateAdmission(undefined, tooLong, torchRuntime(), { plugins: withoutTorch }).errors.map(
        (e) => e.path,
      ),
    ).toEqual(['metadata.name']);
  });
});

describe('render and status', () => {
  it('does not change its inputs', () => {
    const runtime = torchRuntime({ requests: { cpu: '1' } });
    const job = trainJob('j', 'torch-distributed', { numNodes: 2, env: [{ name: 'A', value: '1' }] });
    const before = JSON.stringify([runtime, job]);
    render(job, runtime);
    status(job, { now: '2026-01-01T00:00:00Z' });
    expect(JSON.stringify([runtime, job])).toBe(before);
  });

  it('renders with every CRD default applied, as the API server stores the runtime', () => {
    const runtime = clusterRuntime('rt', {}, [
      replicatedJob(
        'node',
        [{ name: 'node', image: 'i', env: [{ name: 'A', valueFrom: { secretKeyRef: { key: 'k' } } }] }],
        'trainer',
      ),
    ]);
    runtime.spec.template.spec.volumeClaimPolicies = [{ templates: [], retentionPolicy: {} }];
    const [jobSet] = render(trainJob('j', 'rt', {}), runtime).objects;
    const spec = jobSet?.spec as JobSetSpec;
    const node = spec.replicatedJobs?.[0];
    expect(node).toMatchObject({ groupName: 'default', replicas: 1 });
    expect(node?.template.spec?.template.spec?.containers[0]?.env).toContainEqual({
      name: 'A',
      valueFrom: { secretKeyRef: { key: 'k', name: '' } },
    });
    expect(spec.volumeClaimPolicies).toEqual([{ templates: [], retentionPolicy: { whenDeleted: 'Delete' } }]);
    expect(spec.suspend).toBe(false);
    expect(render(trainJob('j', 'rt', {}), applyRuntimeDefaults(runtime))).toEqual(
      render(trainJob('j', 'rt', {}), runtime),
    );
  });

  it('renders objects with apiVersion, kind, metadata, spec first and sorted keys', () => {
    const [jobSet] = render(trainJob('j', 'torch-distributed', {}), torchRuntime()).objects;
    expect(Object.keys(jobSet ?? {})).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(Object.keys(jobSet?.metadata ?? {})).toEqual(['name', 'namespace', 'ownerReferences']);
  });
});
