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
  'an int64 past 2^53 keeps every digit (a bigint), split across chunks': {
    chunks: [
      '{"type":"ADDED","object":{"spec":{"activeDeadlineSeconds":92233720',
      '36854775807,"n":3}}}\n{"type":"DELETED","object":{"v":-9223372036854775808}}\n',
    ],
    want: [
      { type: 'ADDED', object: { spec: { activeDeadlineSeconds: 9223372036854775807n, n: 3 } } },
      { type: 'DELETED', object: { v: -9223372036854775808n } },
    ],
  },
  'a safe integer stays a number': { chunks: ['{"n":9007199254740991}\n'], want: [{ n: 9007199254740991 }] },
};

describe('parseNdjson', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => expect(await collect(tc.chunks)).toEqual(tc.want));
  }
  it('throws on a malformed line instead of dropping it', async () => {
    await expect(collect(['{"a":1}\n', 'not json\n'])).rejects.toThrow(MalformedLineError);
  });
});
