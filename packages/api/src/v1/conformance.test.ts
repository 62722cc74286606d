// SPDX-License-Identifier: Apache-2.0
// Conformance: our v1 CRDs against Training Operator v1.9.4's, read in place from the reference data.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { compareCrds } from '../crd/compare-crd.js';
import { crdFileName, toCrd } from '../crd/to-crd.js';
import type { JSONSchemaProps } from '../crd/to-crd.js';
import { V1KindDefinitions } from './kinds.js';

const UPSTREAM = fileURLToPath(
  new URL('../../../../../shared/reference/upstream/training-operator-v1.9.4/crds/', import.meta.url),
);

function readUpstreamCrd(file: string): JSONSchemaProps {
  const docs = parseAllDocuments(readFileSync(UPSTREAM + file, 'utf8'));
  const crd = docs
    .map((d) => d.toJS() as JSONSchemaProps | null)
    .find((d) => d?.kind === 'CustomResourceDefinition');
  if (!crd) throw new Error(`no CRD in training-operator-v1.9.4/crds/${file}`);
  return crd;
}

describe('conformance with Training Operator v1.9.4 CRDs', () => {
  let total = 0;
  for (const def of Object.values(V1KindDefinitions)) {
    it(`${def.kind} has upstream's schema, defaults, rules, scope, subresources and printer columns`, () => {
      const diffs = compareCrds(readUpstreamCrd(crdFileName(def)), toCrd(def));
      total += diffs.length;
      console.log(`training-operator-v1.9.4 ${def.kind}: ${diffs.length} differences`);
      expect(diffs).toEqual([]);
    });
  }
  afterAll(() => console.log(`training-operator-v1.9.4: ${total} differences in total`));
});
