// SPDX-License-Identifier: Apache-2.0
import type { KubeObject, Lookup } from './kube.js';
import { freshest } from './freshest.js';

const obj = (rv: string): KubeObject => ({ metadata: { name: 'a', resourceVersion: rv } });
const write = (object: KubeObject | undefined) => ({
  kind: 'written' as const,
  uid: 'u',
  resourceVersion: object?.metadata?.resourceVersion,
  object,
  at: 0,
});

describe('freshest', () => {
  const cases: Record<string, { lookup: Lookup<KubeObject>; want: string | undefined }> = {
    cached: { lookup: { state: 'cached', object: obj('5') }, want: '5' },
    absent: { lookup: { state: 'absent' }, want: undefined },
    'pending, store behind: our write': {
      lookup: { state: 'pending', write: write(obj('7')), object: obj('5') },
      want: '7',
    },
    'pending, nothing stored yet: our write': {
      lookup: { state: 'pending', write: write(obj('7')), object: undefined },
      want: '7',
    },
    'pending, but the store is ahead (the event beat the response): the store': {
      lookup: { state: 'pending', write: write(obj('7')), object: obj('9') },
      want: '9',
    },
    'pending without the written object: the store': {
      lookup: { state: 'pending', write: write(undefined), object: obj('5') },
      want: '5',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(freshest(tc.lookup)?.metadata?.resourceVersion).toBe(tc.want));
  }
});
