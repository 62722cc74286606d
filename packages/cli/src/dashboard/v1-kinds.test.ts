// SPDX-License-Identifier: Apache-2.0
import { V1KindPlurals } from '@kubetrain/api/core';
import { parseKind, V1_KINDS, v1KindOf, v1Ref, v1Resource } from './v1-kinds.js';

describe('v1 kinds', () => {
  it.each(V1_KINDS)('%s: its resource is its lowercase plural, as the CRD names it', (kind) => {
    expect(v1Resource(kind)).toBe(`${kind.toLowerCase()}s`);
    expect(v1Resource(kind)).toBe(V1KindPlurals[kind]);
    expect(v1KindOf(v1Resource(kind))).toBe(kind);
    expect(v1Ref(kind)).toEqual({
      group: 'kubeflow.org',
      version: 'v1',
      resource: V1KindPlurals[kind],
      kind,
      namespaced: true,
    });
  });
});

describe('parseKind', () => {
  const cases: [string | null, string | undefined][] = [
    [null, undefined],
    ['', undefined],
    ['TrainJob', undefined],
    ['PyTorchJob', 'PyTorchJob'],
    ['JAXJob', 'JAXJob'],
  ];
  it.each(cases)('%p is %p', (value, want) => {
    expect(parseKind(value)).toBe(want);
  });
  it.each(['pytorchjob', 'Pod', '<b>'])('refuses %p, naming the parameter', (value) => {
    expect((parseKind(value) as Error).message).toBe(
      'kind: must be TrainJob, TFJob, PyTorchJob, XGBoostJob, MPIJob, PaddleJob, JAXJob',
    );
  });
});
