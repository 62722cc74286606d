// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { type BoundedBody, readBoundedBody } from './body.js';

interface Case {
  chunks: number[];
  limit: number;
  contentLength?: number;
  want: BoundedBody | { kind: 'read'; length: number };
  /** How many chunks the reader may pull at most. */
  maxPulled: number;
}

const cases: Record<string, Case> = {
  'a body within the limit is read whole': {
    chunks: [3, 4],
    limit: 10,
    want: { kind: 'read', length: 7 },
    maxPulled: 2,
  },
  'a body exactly at the limit is read': {
    chunks: [5, 5],
    limit: 10,
    want: { kind: 'read', length: 10 },
    maxPulled: 2,
  },
  'an empty body is read': { chunks: [], limit: 10, want: { kind: 'read', length: 0 }, maxPulled: 0 },
  'a declared length over the limit is refused before any read': {
    chunks: [1],
    limit: 10,
    contentLength: 11,
    want: { kind: 'tooLarge', declared: true },
    maxPulled: 0,
  },
  'a stream passing the limit is refused at the chunk that passes it': {
    chunks: [6, 6, 6, 6],
    limit: 10,
    want: { kind: 'tooLarge', declared: false },
    maxPulled: 2,
  },
  'a lying Content-Length does not let more through': {
    chunks: [8, 8],
    limit: 10,
    contentLength: 4,
    want: { kind: 'tooLarge', declared: false },
    maxPulled: 2,
  },
};

describe('readBoundedBody', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      let pulled = 0;
      async function* source(): AsyncGenerator<Uint8Array> {
        for (const size of tc.chunks) {
          pulled++;
          yield await Promise.resolve(new Uint8Array(size).fill(65));
        }
      }
      const got = await readBoundedBody(source(), tc.limit, tc.contentLength);
      if ('length' in tc.want) {
        expect(got.kind).toBe('read');
        if (got.kind === 'read') expect(got.bytes.byteLength).toBe(tc.want.length);
      } else {
        expect(got).toEqual(tc.want);
      }
      expect(pulled).toBeLessThanOrEqual(tc.maxPulled);
    });
  }
});
