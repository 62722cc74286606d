// SPDX-License-Identifier: Apache-2.0
import { trainJobObject } from '@kubetrain/testing';
import type { PodSpec } from '../../types.js';
import { addClaimVolumes, volumeClaimsOf } from './volume-claims.js';

const trainJob = trainJobObject({ name: 'tj', namespace: 'ns', uid: 'u', runtime: 'r' });
const template = (name: string) => ({ metadata: { name }, spec: { accessModes: ['ReadWriteOnce'] } });

describe('volumeClaimsOf', () => {
  it.each([
    ['Delete (the default): owned by the TrainJob', undefined, true],
    ['Retain: not owned, outlives the TrainJob', 'Retain' as const, false],
  ])('%s', (_name, whenDeleted, owned) => {
    const { objects, claims } = volumeClaimsOf(trainJob, {
      volumeClaimPolicies: [
        { ...(whenDeleted ? { retentionPolicy: { whenDeleted } } : {}), templates: [template('data')] },
      ],
    });
    expect(claims).toEqual([{ volume: 'data', claimName: 'data-tj' }]);
    expect(
      objects.map((o) => [
        o.kind,
        o.metadata.name,
        o.metadata.namespace,
        o.metadata.ownerReferences !== undefined,
      ]),
    ).toEqual([['PersistentVolumeClaim', 'data-tj', 'ns', owned]]);
    expect(objects[0]?.spec).toEqual({ accessModes: ['ReadWriteOnce'] });
  });
});

describe('addClaimVolumes', () => {
  const claims = [{ volume: 'data', claimName: 'data-tj' }];
  it.each<[string, PodSpec, unknown[] | undefined]>([
    [
      'a mounting container gets the volume',
      { containers: [{ name: 'c', volumeMounts: [{ name: 'data', mountPath: '/d' }] }] },
      [{ name: 'data', persistentVolumeClaim: { claimName: 'data-tj' } }],
    ],
    [
      'an init container mount counts',
      {
        containers: [{ name: 'c' }],
        initContainers: [{ name: 'i', volumeMounts: [{ name: 'data', mountPath: '/d' }] }],
      },
      [{ name: 'data', persistentVolumeClaim: { claimName: 'data-tj' } }],
    ],
    ['no mount: no volume', { containers: [{ name: 'c' }] }, undefined],
    [
      'a volume of that name is kept',
      {
        containers: [{ name: 'c', volumeMounts: [{ name: 'data', mountPath: '/d' }] }],
        volumes: [{ name: 'data', emptyDir: {} }],
      },
      [{ name: 'data', emptyDir: {} }],
    ],
  ])('%s', (_name, pod, volumes) => {
    addClaimVolumes(pod, claims);
    expect(pod.volumes).toEqual(volumes);
  });
});
