// SPDX-License-Identifier: Apache-2.0
// Conformance: our CRDs against upstream Trainer's (v2.3.0 and main), read in place from the reference data.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { compareCrds } from './compare-crd.js';
import { KindDefinitions } from './definitions.js';
import { DocumentedAdditions, isDocumentedAddition } from './documented-additions.js';
import { crdFileName, toCrd } from './to-crd.js';
import type { JSONSchemaProps } from './to-crd.js';

const UPSTREAM = fileURLToPath(new URL('../../../../../shared/reference/upstream/', import.meta.url));

function readUpstreamCrd(release: string, file: string): JSONSchemaProps {
  const docs = parseAllDocuments(readFileSync(`${UPSTREAM}${release}/crds/${file}`, 'utf8'));
  const crd = docs
    .map((d) => d.toJS() as JSONSchemaProps | null)
    .find((d) => d?.kind === 'CustomResourceDefinition');
  if (!crd) throw new Error(`no CRD in ${release}/crds/${file}`);
  return crd;
}

describe('conformance with upstream Trainer CRDs', () => {
  for (const release of ['trainer-v2.3.0', 'trainer-main']) {
    describe(release, () => {
      let total = 0;
      for (const def of Object.values(KindDefinitions)) {
        it(`${def.kind} has upstream's schema, rules, scope, subresources and printer columns`, () => {
          const upstream = readUpstreamCrd(release, crdFileName(def));
          const all = compareCrds(upstream, toCrd(def));
          const diffs = all.filter((d) => !isDocumentedAddition(def.kind, d));
          // Every documented addition is really there (the list names nothing stale).
          const extras = all.filter((d) => isDocumentedAddition(def.kind, d)).map((d) => d.path);
          expect(extras.sort()).toEqual(
            DocumentedAdditions.filter((a) => a.kind === def.kind)
              .map((a) => a.path)
              .sort(),
          );
          total += diffs.length;
          console.log(`${release} ${def.kind}: ${diffs.length} differences`);
          expect(diffs).toEqual([]);
        });
      }
      afterAll(() => console.log(`${release}: ${total} differences in total`));
    });
  }
});
