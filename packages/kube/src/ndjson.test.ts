// SPDX-License-Identifier: Apache-2.0
import { MalformedLineError, parseNdjson } from './ndjson.js';

async function collect(chunks: (string | Uint8Array)[]): Promise<unknown[]> {
  async function* source(): AsyncGenerator<string | Uint8Array> {
    yield* chunks;
  }
  const out: unknown[] = [];
  for await (const value of parseNdjson(source())) out.push(value);
  return out;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const cases: Record<string, { chunks: (string | Uint8Array)[]; want: unknown[] }> = {
  'one line per chunk': { chunks: ['{"a":1}\n', '{"a":2}\n'], want: [{ a: 1 }, { a: 2 }] },
  'many lines in one chunk': { chunks: ['{"a":1}\n{"a":2}\n\n'], want: [{ a: 1 }, { a: 2 }] },
  'line split across chunks': { chunks: ['{"a":', '1}\n{"b"', ':2}\n'], want: [{ a: 1 }, { b: 2 }] },
  'trailing line without newline': { chunks: ['{"a":1}\n{"a":2}'], want: [{ a: 1 }, { a: 2 }] },
  'multi-byte character split across byte chunks': {
    chunks: [bytes('{"s":"é').slice(0, 7), bytes('{"s":"é"}\n').slice(7)],
    want: [{ s: 'é' }],
  },
  'empty stream': { chunks: [], want: [] },
};

describe('parseNdjson', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => expect(await collect(tc.chunks)).toEqual(tc.want));
  }
  it('throws on a malformed line instead of dropping it', async () => {
    await expect(collect(['{"a":1}\n', 'not json\n'])).rejects.toThrow(MalformedLineError);
  });
});
