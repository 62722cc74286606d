// SPDX-License-Identifier: Apache-2.0
import { controllerOwnerText } from './controller-owner-text.js';

describe('controllerOwnerText', () => {
  it.each([
    {
      refs: [{ apiVersion: 'kubeflow.org/v1', kind: 'PyTorchJob', name: 'a', uid: 'u1', controller: true }],
      text: 'controller owner PyTorchJob a (uid u1)',
    },
    { refs: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'b', uid: 'u2' }], text: 'no controller owner' },
    { refs: undefined, text: 'no controller owner' },
  ])('$text', ({ refs, text }) => {
    expect(controllerOwnerText({ metadata: { name: 'x', ownerReferences: refs } })).toBe(text);
  });
});
