// SPDX-License-Identifier: Apache-2.0
import { makeJobSet } from '@kubetrain/testing';
import type { KubeObject } from './kube.js';
import { configMapMetadata, jobSetProjection } from './stores.js';

describe('jobSetProjection', () => {
  it('keeps the metadata (the controller owner included), spec.suspend and status; drops the rest', () => {
    const jobSet = makeJobSet('ns', 'job')
      .controlledBy('job', 'uid-1')
      .suspend(true)
      .replicatedJobs({ name: 'node', replicas: 1, template: {} } as never)
      .replicatedJobStatus('node', { active: 1 })
      .obj() as unknown as KubeObject;
    jobSet.metadata!.managedFields = [{ manager: 'trainer' }];
    const kept = jobSetProjection(jobSet) as typeof jobSet & { spec: object; status: object };
    expect(kept.metadata?.ownerReferences).toEqual([
      {
        apiVersion: 'trainer.kubeflow.org/v1alpha1',
        kind: 'TrainJob',
        name: 'job',
        uid: 'uid-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(kept.metadata?.managedFields).toBeUndefined();
    expect(kept.spec).toEqual({ suspend: true });
    expect(kept.status).toEqual((jobSet as unknown as { status: object }).status);
  });
});

describe('configMapMetadata', () => {
  const metadata = {
    name: 'job-runtime-snapshot',
    namespace: 'ns',
    labels: { a: 'b' },
    resourceVersion: '7',
  };
  it.each([
    {
      name: 'a whole ConfigMap (a write response): data and managedFields dropped',
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { ...metadata, managedFields: [{ manager: 'trainer' }] },
        data: { 'runtime.yaml': 'x' },
      },
    },
    {
      name: 'a PartialObjectMetadata (the relist): kind and apiVersion of a ConfigMap',
      object: { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata },
    },
  ])('$name', ({ object }) => {
    expect(configMapMetadata(object as KubeObject)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata,
    });
  });
});
