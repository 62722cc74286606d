// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPlugins, type RuntimeInput } from '@kubetrain/runtime';
import { parse } from 'yaml';
import type { AdmissionLookups } from './lookups.js';
import { trainJobValidator } from './trainjob-validator.js';

const REPO = join(import.meta.dirname, '..', '..', '..', '..');

/** The shipped torch-distributed runtime with the LeaderWorkerSet opt-in. */
function optedIn(): RuntimeInput {
  const runtime = parse(readFileSync(join(REPO, 'manifests/runtimes/torch-distributed.yaml'), 'utf8')) as {
    metadata: Record<string, unknown>;
  };
  runtime.metadata['annotations'] = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
  return runtime as unknown as RuntimeInput;
}

/** Lookups that answer the one runtime and nothing else (the reads the validator makes). */
const lookups: AdmissionLookups = {
  trainingRuntime: async () => undefined,
  clusterTrainingRuntime: async (name) => (name === 'torch-distributed' ? optedIn() : undefined),
  configMap: async () => undefined,
  jobSet: async () => undefined,
  priorityClassNames: async () => new Set(),
};

const request = (name: string) => ({
  uid: 'r1',
  kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind: 'TrainJob' },
  operation: 'CREATE' as const,
  namespace: 'ns',
  object: {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name, namespace: 'ns' },
    spec: {
      runtimeRef: {
        name: 'torch-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      trainer: { numNodes: 4 },
    },
  },
});

describe('the TrainJob validator with the engine plugins of the feature gates', () => {
  const nameOf = (n: number) => `j${'a'.repeat(n - 1)}`;
  const lws = defaultPlugins({ featureGates: { LeaderWorkerSetBackend: true } });
  it.each([
    ['default plugins: the JobSet rule refuses 50 characters for 4 nodes', undefined, 50, 48],
    ['LeaderWorkerSetBackend: the backend rule allows 50 characters', lws, 50, undefined],
    ['LeaderWorkerSetBackend: the backend rule refuses 51 characters', lws, 51, 50],
  ])('%s', async (_name, plugins, length, max) => {
    const outcome = await trainJobValidator(lookups, undefined, plugins)(request(nameOf(length)));
    expect(outcome.allowed).toBe(max === undefined);
    if (max !== undefined)
      expect(outcome.status?.message).toContain(
        `metadata.name: Invalid value: "${nameOf(length)}": must be no more than ${max} characters for runtime "torch-distributed"`,
      );
  });
});
