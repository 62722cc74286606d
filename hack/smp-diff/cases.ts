// SPDX-License-Identifier: Apache-2.0
// The generated cases of the strategic merge patch differential test: seeded, so every run checks the same
// patches.
import { jobSetSpec, podTemplateSpec } from './originals.js';
import { jobSetSpecPatch, podTemplateSpecPatch } from './patches.js';
import { Random } from './random.js';
import type { SchemaName } from './upstream.js';

/** One patch to apply with both implementations. */
export interface DiffCase {
  name: string;
  schema: SchemaName;
  original: Record<string, unknown>;
  patch: Record<string, unknown>;
}

/** `count` cases from `seed`, alternating JobSetSpec and PodTemplateSpec. */
export function generateCases(seed: number, count: number): DiffCase[] {
  const r = new Random(seed);
  // Through JSON, so that no two places of a case share one object (the pools hand out the same object twice):
  // inputs decoded from JSON or the API never do.
  const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return Array.from({ length: count }, (_, i): DiffCase => {
    const jobSet = i % 2 === 0;
    return plain(
      jobSet
        ? {
            name: `generated #${i}`,
            schema: 'JobSetSpec',
            original: jobSetSpec(r),
            patch: jobSetSpecPatch(r),
          }
        : {
            name: `generated #${i}`,
            schema: 'PodTemplateSpec',
            original: podTemplateSpec(r),
            patch: podTemplateSpecPatch(r),
          },
    );
  });
}
