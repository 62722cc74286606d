// SPDX-License-Identifier: Apache-2.0
import { controllerOwner, controllerOwnerKey, type KubeObject, type OwnerReference } from './object.js';

const ref = (kind: string, name: string, controller?: boolean): OwnerReference => ({
  apiVersion: 'v1',
  kind,
  name,
  uid: `uid-${name}`,
  ...(controller === undefined ? {} : { controller }),
});
const object = (namespace: string | undefined, ...owners: OwnerReference[]): KubeObject => ({
  metadata: { name: 'o', ...(namespace ? { namespace } : {}), ownerReferences: owners },
});

interface Case {
  object: KubeObject;
  kind?: string;
  want: string | undefined;
}

describe('controllerOwnerKey', () => {
  const cases: Record<string, Case> = {
    'the controller owner of the kind': {
      object: object('ns', ref('Other', 'x', true), ref('TrainJob', 'tj', true)),
      kind: 'TrainJob',
      want: 'ns/tj',
    },
    'any kind when none is given': { object: object('ns', ref('PyTorchJob', 'pj', true)), want: 'ns/pj' },
    'an owner that is not the controller': {
      object: object('ns', ref('TrainJob', 'tj', false), ref('TrainJob', 'u')),
      kind: 'TrainJob',
      want: undefined,
    },
    'another kind': { object: object('ns', ref('JobSet', 'js', true)), kind: 'TrainJob', want: undefined },
    'no owners': { object: { metadata: { name: 'o' } }, want: undefined },
    'a cluster-scoped object: the name alone': {
      object: object(undefined, ref('Node', 'n', true)),
      want: 'n',
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(controllerOwnerKey(tc.object, tc.kind)).toBe(tc.want));

  it('controllerOwner gives the reference itself', () =>
    expect(controllerOwner(object('ns', ref('TrainJob', 'tj', true)), 'TrainJob')?.uid).toBe('uid-tj'));
});
