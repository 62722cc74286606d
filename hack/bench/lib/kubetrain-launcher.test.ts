// SPDX-License-Identifier: Apache-2.0
import { extraNodeArgs, parseVariant, type VariantSettings } from './kubetrain-launcher.js';

describe('parseVariant', () => {
  const cases: Record<string, { spec: string; want?: VariantSettings; error?: RegExp }> = {
    'workers only': { spec: 'workers=64', want: { workers: 64 } },
    'both, joined by +': { spec: 'workers=32+semi=2', want: { workers: 32, semi: 2 } },
    nothing: { spec: '', want: {} },
    'an unknown setting': { spec: 'threads=4', error: /unknown setting threads/ },
    'not a positive integer': { spec: 'semi=0.5', error: /semi=0.5 needs a positive integer/ },
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
