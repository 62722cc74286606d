// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import {
  entrypointNodeArgs,
  extraNodeArgs,
  parseVariant,
  type VariantSettings,
} from './kubetrain-launcher.js';

describe('parseVariant', () => {
  const cases: Record<string, { spec: string; want?: VariantSettings; error?: RegExp }> = {
    'workers only': { spec: 'workers=64', want: { workers: 64 } },
    'both, joined by +': { spec: 'workers=32+semi=2', want: { workers: 32, semi: 2 } },
    nothing: { spec: '', want: {} },
    'an unknown setting': { spec: 'threads=4', error: /unknown setting threads/ },
    'not a positive integer': { spec: 'semi=0.5', error: /semi=0.5 needs a positive integer/ },
    'a window of 0 (no coalescing)': { spec: 'window=0+workers=64', want: { window: 0, workers: 64 } },
    'V8 modes': { spec: 'semi=2+lite=1+size=0', want: { semi: 2, lite: 1, size: 0 } },
    'heap growth': { spec: 'semi=2+size=1+grow=20', want: { semi: 2, size: 1, grow: 20 } },
    'no optimizing compiler': { spec: 'semi=2+size=1+noopt=1', want: { semi: 2, size: 1, noopt: 1 } },
    'a negative window': { spec: 'window=-1', error: /window=-1 needs an integer of 0 or more/ },
    'a setting without a value': { spec: 'window', error: /window needs an integer of 0 or more/ },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error) expect(() => parseVariant(tc.spec)).toThrow(tc.error);
      else expect(parseVariant(tc.spec)).toEqual(tc.want);
    });
  }
});

describe('extraNodeArgs', () => {
  it.each<[string, string | undefined, string[]]>([
    ['unset', undefined, []],
    [
      'space-separated, extra spaces dropped',
      ' --cpu-prof  --cpu-prof-dir=/tmp/p ',
      ['--cpu-prof', '--cpu-prof-dir=/tmp/p'],
    ],
  ])('%s', (_name, value, want) => {
    const env = value === undefined ? {} : { KUBETRAIN_BENCH_NODE_ARGS: value };
    expect(extraNodeArgs(env)).toEqual(want);
  });
});

describe('entrypointNodeArgs', () => {
  const cases: Record<string, { dockerfile: string; want?: string[]; error?: RegExp }> = {
    'no options': { dockerfile: 'FROM x\nENTRYPOINT ["/nodejs/bin/node", "/app/dist/main.js"]\n', want: [] },
    'the options between node and main.js': {
      dockerfile: 'ENTRYPOINT ["/nodejs/bin/node", "--max-semi-space-size=2", "/app/dist/main.js"]',
      want: ['--max-semi-space-size=2'],
    },
    'shell form is refused': {
      dockerfile: 'ENTRYPOINT node /app/dist/main.js',
      error: /no ENTRYPOINT in exec form/,
    },
    'another program is refused': {
      dockerfile: 'ENTRYPOINT ["/nodejs/bin/node", "/app/server.js"]',
      error: /does not run dist\/main.js/,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error) expect(() => entrypointNodeArgs(tc.dockerfile)).toThrow(tc.error);
      else expect(entrypointNodeArgs(tc.dockerfile)).toEqual(tc.want);
    });
  }
});

describe('the Dockerfile of this checkout', () => {
  it('runs dist/main.js with node options the launcher can read', () => {
    const text = readFileSync(new URL('../../../Dockerfile', import.meta.url), 'utf8');
    expect(Array.isArray(entrypointNodeArgs(text))).toBe(true);
  });
});
