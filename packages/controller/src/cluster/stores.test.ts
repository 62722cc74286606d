// SPDX-License-Identifier: Apache-2.0
import { makeJobSet } from '@kubetrain/testing';
import type { KubeObject } from './kube.js';
import { jobSetProjection } from './stores.js';

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
