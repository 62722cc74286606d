// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from '../cluster/kube.js';
import { isComparedOnAdoption, sameConfigMapContent } from './adoption.js';

const configMap = (extra: Record<string, unknown>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'job-mpi-hostfile' }, ...extra }) as KubeObject;

describe('sameConfigMapContent', () => {
  it.each([
    ['the same data', { data: { hostfile: 'a slots=1\n' } }, { data: { hostfile: 'a slots=1\n' } }, true],
    [
      'other metadata only',
      { data: { k: 'v' } },
      { data: { k: 'v' }, metadata: { name: 'x', labels: { a: 'b' } } },
      true,
    ],
    ['no data on either side', {}, { data: {} }, true],
    ['a changed value', { data: { hostfile: 'a slots=1\n' } }, { data: { hostfile: 'a slots=2\n' } }, false],
    ['an extra live key', { data: { k: 'v' } }, { data: { k: 'v', old: 'x' } }, false],
    ['a missing live key', { data: { k: 'v', n: 'w' } }, { data: { k: 'v' } }, false],
    ['binaryData differs', { binaryData: { b: 'AA==' } }, { binaryData: { b: 'AQ==' } }, false],
  ])('%s', (_name, desired, live, same) => {
    expect(sameConfigMapContent(configMap(desired), configMap(live))).toBe(same);
  });
});

describe('isComparedOnAdoption', () => {
  it.each([
    ['ConfigMap', true],
    ['Secret', false],
    ['JobSet', false],
  ])('%s: %s', (kind, compared) => {
    expect(isComparedOnAdoption(kind)).toBe(compared);
  });
});
