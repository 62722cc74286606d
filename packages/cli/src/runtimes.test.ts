// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import type { LoadedDocument } from './documents.js';
import { RuntimeCatalog } from './runtimes.js';

const API_VERSION = 'trainer.kubeflow.org/v1alpha1';

function runtime(name: string, spec: Record<string, unknown>): LoadedDocument {
  return {
    source: 'runtimes.yaml',
    kind: 'ClusterTrainingRuntime',
    apiVersion: API_VERSION,
    name,
    object: { apiVersion: API_VERSION, kind: 'ClusterTrainingRuntime', metadata: { name }, spec },
  };
}

const valid = runtime('good', { template: { spec: { replicatedJobs: [] } } });
// `mlPolicy.numNodes` must be an integer: the API server refuses this runtime.
const invalid = runtime('bad', { mlPolicy: { numNodes: 'two' }, template: { spec: {} } });

describe('RuntimeCatalog admits a runtime only when it is looked up', () => {
  it.each([
    { lookup: 'good', found: true, noteNamesBad: false },
    { lookup: 'bad', found: false, noteNamesBad: true },
    { lookup: 'missing', found: false, noteNamesBad: false },
  ])('$lookup: found $found, note names bad: $noteNamesBad', ({ lookup, found, noteNamesBad }) => {
    const catalog = new RuntimeCatalog('looked in runtimes.yaml', 'default').add([valid, invalid]);
    expect(catalog.getClusterTrainingRuntime(lookup) !== undefined).toBe(found);
    expect(catalog.note.includes('ClusterTrainingRuntime/bad')).toBe(noteNamesBad);
  });

  it('admits each runtime once: the second lookup returns the same object', () => {
    const catalog = new RuntimeCatalog('looked in runtimes.yaml', 'default').add([valid]);
    expect(catalog.getClusterTrainingRuntime('good')).toBe(catalog.getClusterTrainingRuntime('good'));
  });
});
