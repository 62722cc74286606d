// SPDX-License-Identifier: Apache-2.0
import type { KubeClient } from './client.js';
import { Applier } from './apply.js';
import { CoreResources } from './resource.js';

// The request side is covered by e2e/kube against the real API server; here only the checks
// that happen before a request is sent.
const applier = new Applier({} as KubeClient, { fieldManager: 'trainer' });

const invalid: Record<string, object> = {
  'no apiVersion': { kind: 'ConfigMap', metadata: { name: 'x' } },
  'no kind': { apiVersion: 'v1', metadata: { name: 'x' } },
  'no name': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'x-' } },
};

describe('Applier', () => {
  for (const [name, object] of Object.entries(invalid)) {
    it(`refuses an apply body with ${name}`, () => {
      expect(() => applier.apply(CoreResources.ConfigMap, object)).toThrow(
        'needs apiVersion, kind and metadata.name',
      );
      expect(() => applier.applyStatus(CoreResources.ConfigMap, object)).toThrow(
        'needs apiVersion, kind and metadata.name',
      );
    });
  }
  it('names its field manager', () => expect(applier.fieldManager).toBe('trainer'));
});
