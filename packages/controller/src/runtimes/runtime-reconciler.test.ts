// SPDX-License-Identifier: Apache-2.0
import { finalizerRemovalPatch } from './runtime-reconciler.js';

describe('finalizerRemovalPatch', () => {
  const cases: Record<string, { finalizers?: string[]; want: unknown }> = {
    'remove existing finalizer during reconciliation': {
      finalizers: ['trainer.kubeflow.org/resource-in-use'],
      want: { metadata: { finalizers: null } },
    },
    'other finalizers are kept in order': {
      finalizers: ['a/x', 'trainer.kubeflow.org/resource-in-use', 'b/y'],
      want: { metadata: { finalizers: ['a/x', 'b/y'] } },
    },
    'no action when runtime has no finalizer': { want: undefined },
    'no action when only other finalizers': { finalizers: ['a/x'], want: undefined },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(finalizerRemovalPatch(tc.finalizers)).toEqual(tc.want));
});
