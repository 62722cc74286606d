// SPDX-License-Identifier: Apache-2.0
import { FEATURE_GATE_DEFAULTS, parseFeatureGateFlag, resolveFeatureGates } from './feature-gates.js';

interface Case {
  text: string;
  want?: Record<string, boolean>;
  error?: string;
}

describe('parseFeatureGateFlag', () => {
  const goTrue = ['1', 't', 'T', 'TRUE', 'true', 'True'];
  const goFalse = ['0', 'f', 'F', 'FALSE', 'false', 'False'];
  const cases: Record<string, Case> = {
    empty: { text: '', want: {} },
    'spaces and an empty item ignored': { text: ' A = true ,', want: { A: true } },
    'two gates': { text: 'A=false,B=true', want: { A: false, B: true } },
    ...Object.fromEntries(goTrue.map((v) => [`Go true ${v}`, { text: `A=${v}`, want: { A: true } }])),
    ...Object.fromEntries(goFalse.map((v) => [`Go false ${v}`, { text: `A=${v}`, want: { A: false } }])),
    'no =': { text: 'A', error: 'missing bool value for A' },
    'not a Go boolean': {
      text: 'A=yes',
      error: 'invalid value of A=yes, err: strconv.ParseBool: parsing "yes": invalid syntax',
    },
    'tRUE is not a Go boolean': {
      text: 'A=tRUE',
      error: 'invalid value of A=tRUE, err: strconv.ParseBool: parsing "tRUE": invalid syntax',
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      if (tc.error !== undefined) expect(() => parseFeatureGateFlag(tc.text)).toThrow(tc.error);
      else expect(parseFeatureGateFlag(tc.text)).toEqual(tc.want);
    });
});

describe('resolveFeatureGates', () => {
  const cases: Record<string, { layers: Record<string, boolean>[]; want?: object; error?: string }> = {
    'the defaults': { layers: [], want: FEATURE_GATE_DEFAULTS },
    'a later layer wins': {
      layers: [{ TrainJobStatus: true }, { TrainJobStatus: false, LeaderWorkerSetBackend: true }],
      want: { TrainJobStatus: false, LeaderWorkerSetBackend: true },
    },
    'an unknown gate': { layers: [{ Nope: true }], error: 'unrecognized feature gate: Nope' },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      if (tc.error !== undefined) expect(() => resolveFeatureGates(...tc.layers)).toThrow(tc.error);
      else expect(resolveFeatureGates(...tc.layers)).toEqual(tc.want);
    });
});
