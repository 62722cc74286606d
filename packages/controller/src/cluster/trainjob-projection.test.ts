// SPDX-License-Identifier: Apache-2.0
import { TrainJobConditionTypes } from '@kubetrain/api/core';
import type { KubeObject } from './kube.js';
import {
  FINISHED_TRAINJOB_FIELDS,
  LAST_APPLIED_ANNOTATION,
  trainJobProjection,
} from './trainjob-projection.js';

/** The value at dotted `path` of `object`. */
function at(object: unknown, path: string): unknown {
  let value: unknown = object;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

const condition = (type: string, status = 'True') => ({
  type,
  status,
  reason: type,
  message: `${type} message`,
  lastTransitionTime: '2026-01-01T00:00:00Z',
});

/** A TrainJob with every field a reader reads set, and the big parts a finished one drops. */
function trainJob(conditions: object[]): KubeObject {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: {
      name: 'job',
      namespace: 'ns',
      uid: 'uid-1',
      resourceVersion: '42',
      generation: 3,
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { 'kueue.x-k8s.io/queue-name': 'team-a' },
      annotations: { [LAST_APPLIED_ANNOTATION]: '{"spec":{}}', 'kai.scheduler/batch-min-member': '2' },
      finalizers: ['f'],
      managedFields: [{ manager: 'kubectl' }],
    },
    spec: {
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
      runtimeRef: { name: 'torch', kind: 'ClusterTrainingRuntime', apiGroup: 'trainer.kubeflow.org' },
      suspend: false,
      activeDeadlineSeconds: 600,
      ttlSecondsAfterFinished: 60,
      trainer: {
        numNodes: 2,
        resourcesPerNode: { requests: { 'nvidia.com/gpu': '1' } },
        image: 'trainer:latest',
        command: ['torchrun', 'train.py'],
        env: [{ name: 'A', value: 'x'.repeat(1000) }],
      },
      initializer: { dataset: { storageUri: 'hf://data' } },
      podTemplateOverrides: [{ targetJobs: [{ name: 'node' }], spec: { nodeSelector: { a: 'b' } } }],
    },
    status: {
      conditions,
      jobsStatus: [{ name: 'node', active: 0, ready: 0, succeeded: 2, failed: 0, suspended: 0 }],
      startTime: '2026-01-01T00:00:01Z',
      trainerStatus: { progressPercentage: 100, lastUpdatedTime: '2026-01-01T00:10:00Z' },
    },
  } as unknown as KubeObject;
}

describe('trainJobProjection', () => {
  it.each([
    { state: 'Complete', conditions: [condition(TrainJobConditionTypes.Complete)] },
    { state: 'Failed', conditions: [condition(TrainJobConditionTypes.Failed)] },
  ])(
    'a $state job keeps every field a reader reads (FINISHED_TRAINJOB_FIELDS), and no more',
    ({ conditions }) => {
      const input = trainJob(conditions);
      const kept = trainJobProjection(input);
      for (const path of Object.keys(FINISHED_TRAINJOB_FIELDS))
        expect(at(kept, path)).toEqual(at(input, path));
      const { managedFields: _m, annotations: _a, ...metadata } = input.metadata!;
      expect(kept.metadata).toEqual(metadata);
      expect(kept.apiVersion).toBe(input.apiVersion);
      expect(kept.kind).toBe(input.kind);
      for (const dropped of [
        'spec.trainer.image',
        'spec.trainer.command',
        'spec.trainer.env',
        'spec.initializer',
      ])
        expect(at(kept, dropped)).toBeUndefined();
      expect(at(kept, 'spec.podTemplateOverrides')).toBeUndefined();
    },
  );

  it.each([
    { state: 'new (no status)', conditions: undefined },
    { state: 'running', conditions: [condition(TrainJobConditionTypes.Suspended, 'False')] },
    { state: 'Complete=False', conditions: [condition(TrainJobConditionTypes.Complete, 'False')] },
  ])(
    'a $state job keeps its whole spec and annotations, without managedFields and kubectl last-applied',
    ({ conditions }) => {
      const input = trainJob(conditions ?? []);
      if (conditions === undefined) delete (input as { status?: unknown }).status;
      const kept = trainJobProjection(input) as KubeObject & { spec?: unknown; status?: unknown };
      expect(kept.spec).toBe((input as { spec?: unknown }).spec);
      expect(kept.status).toBe((input as { status?: unknown }).status);
      expect(kept.metadata?.managedFields).toBeUndefined();
      expect(kept.metadata?.annotations).toEqual({ 'kai.scheduler/batch-min-member': '2' });
      expect(input.metadata?.managedFields).toBeDefined();
      expect(input.metadata?.annotations?.[LAST_APPLIED_ANNOTATION]).toBeDefined();
    },
  );

  it('a finished job costs a fraction of its running self', () => {
    const running = JSON.stringify(trainJobProjection(trainJob([]))).length;
    const finished = JSON.stringify(
      trainJobProjection(trainJob([condition(TrainJobConditionTypes.Complete)])),
    ).length;
    expect(finished * 2).toBeLessThan(running);
  });
});
