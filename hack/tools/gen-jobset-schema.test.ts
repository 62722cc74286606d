// SPDX-License-Identifier: Apache-2.0
// The committed JobSet fragments equal what the generator extracts from the JobSet v0.12.0 CRD. The test reads
// the reference copy of that CRD (byte-identical to the pinned module's) so that it needs neither Go nor network.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractJobSetSchemas, sortKeys, stripDescriptions } from './gen-jobset-schema.js';

const REFERENCE_CRD = fileURLToPath(
  new URL(
    '../../../shared/reference/upstream/jobset-v0.12.0/crds/jobset.x-k8s.io_jobsets.yaml',
    import.meta.url,
  ),
);
const COMMITTED = fileURLToPath(
  new URL('../../packages/api/src/schema/generated/jobset-schema.json', import.meta.url),
);

describe('gen-jobset-schema', () => {
  it('the committed jobset-schema.json is what the generator extracts (run `make generate` when this fails)', () => {
    const want = extractJobSetSchemas(readFileSync(REFERENCE_CRD, 'utf8'));
    expect(JSON.parse(readFileSync(COMMITTED, 'utf8'))).toEqual(want);
  });

  it('extracts the JobSet spec and the Condition item', () => {
    const { jobSetSpec, condition } = extractJobSetSchemas(readFileSync(REFERENCE_CRD, 'utf8'));
    expect(Object.keys(jobSetSpec.properties as object)).toContain('replicatedJobs');
    expect(condition.required).toEqual(['lastTransitionTime', 'message', 'reason', 'status', 'type']);
  });

  it('drops the description keyword at every depth, but not a property named description', () => {
    const node = {
      description: 'd',
      type: 'object',
      properties: {
        description: { type: 'string', description: 'd' },
        list: { type: 'array', items: { type: 'object', description: 'd' } },
        map: { type: 'object', additionalProperties: { type: 'string', description: 'd' } },
        any: { anyOf: [{ type: 'integer', description: 'd' }, { type: 'string' }] },
      },
    };
    expect(stripDescriptions(node)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        list: { type: 'array', items: { type: 'object' } },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        any: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
    });
  });

  it('sorts object keys deeply and keeps array order', () => {
    expect(JSON.stringify(sortKeys({ b: 1, a: { d: [2, 1], c: 0 } }))).toBe('{"a":{"c":0,"d":[2,1]},"b":1}');
  });
});
