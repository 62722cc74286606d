// SPDX-License-Identifier: Apache-2.0
// Spot checks that constants are byte-identical to upstream, where upstream's own data files spell them out:
// the runtimes and examples of v2.3.0 and the CRDs of main, read in place from the reference data.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_VERSION,
  AncestorSteps,
  Kinds,
  LabelValues,
  Labels,
  ManagedBy,
  Resources,
  GROUP,
  InitializerEnv,
  TORCH_RESERVED_ENV_NAMES,
  TorchTune,
} from './index.js';

const UPSTREAM = fileURLToPath(new URL('../../../../../shared/reference/upstream/', import.meta.url));

function readAll(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? readAll(path)
        : name.endsWith('.yaml')
          ? readFileSync(path, 'utf8')
          : '';
    })
    .join('\n');
}

const runtimes = readAll(join(UPSTREAM, 'trainer-v2.3.0/runtimes'));
const examples = readAll(join(UPSTREAM, 'trainer-v2.3.0/examples'));
const crds = readAll(join(UPSTREAM, 'trainer-main/crds'));

const cases: Record<string, { text: string; snippets: string[] }> = {
  'the ancestor label and its three values, as the runtimes set them': {
    text: runtimes + examples,
    snippets: Object.values(AncestorSteps).map((step) => `${Labels.TrainJobAncestor}: ${step}`),
  },
  'the webhook-validation opt-out label, as the shipped runtimes set it': {
    text: runtimes,
    snippets: [`${Labels.WebhookValidation}: ${LabelValues.WebhookValidationDisabled}`],
  },
  'the framework label of the shipped runtimes': { text: runtimes, snippets: [`${Labels.Framework}: torch`] },
  'the Kueue queue label of the Kueue example': { text: examples, snippets: [`${Labels.KueueQueueName}: `] },
  'apiVersion and kinds': {
    text: runtimes + examples,
    snippets: [
      `apiVersion: ${API_VERSION}`,
      `kind: ${Kinds.TrainJob}`,
      `kind: ${Kinds.TrainingRuntime}`,
      `kind: ${Kinds.ClusterTrainingRuntime}`,
    ],
  },
  'CRD names from group and plural resources': {
    text: crds,
    snippets: Object.values(Resources).map((plural) => `name: ${plural}.${GROUP}`),
  },
  'managedBy values, as the CRD rule lists them': {
    text: crds,
    snippets: [
      `'${ManagedBy.TrainJobController}', '${ManagedBy.MultiKueue}'`,
      `default: ${ManagedBy.TrainJobController}`,
    ],
  },
  'the initializer STORAGE_URI env name': {
    text: runtimes,
    snippets: [`- name: ${InitializerEnv.StorageUri}`],
  },
  'the torchrun env names, as the multi-node example lists them': {
    text: examples,
    snippets: [...TORCH_RESERVED_ENV_NAMES],
  },
  'the TorchTune immutable config keys, as the torchtune runtimes pass them': {
    text: runtimes,
    snippets: TorchTune.ImmutableConfigKeys.filter((k) => k !== 'tokenizer.merges_file').map(
      (k) => `- ${k}=`,
    ),
  },
};

describe('constants are spelled as upstream', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(tc.snippets.filter((s) => !tc.text.includes(s))).toEqual([]);
    });
  }
});
