// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { encodeGoJson, matchStatusPath, statusPath, tokenAudience } from './wire.js';

describe('statusPath and tokenAudience', () => {
  it('are upstream StatusUrl and TokenAudience', () => {
    expect(statusPath('ns', 'job')).toBe(
      '/apis/trainer.kubeflow.org/v1alpha1/namespaces/ns/trainjobs/job/status',
    );
    expect(tokenAudience('ns', 'job')).toBe(
      'trainer.kubeflow.org/v1alpha1/namespaces/ns/trainjobs/job/status',
    );
  });
});

describe('matchStatusPath', () => {
  const cases: Record<string, [string, { namespace: string; name: string } | undefined]> = {
    'the route': [statusPath('ns', 'job'), { namespace: 'ns', name: 'job' }],
    'a query string is ignored': [`${statusPath('ns', 'job')}?x=1`, { namespace: 'ns', name: 'job' }],
    'segments are percent-decoded': [statusPath('n%73', 'job'), { namespace: 'ns', name: 'job' }],
    'a trailing slash is another path': [`${statusPath('ns', 'job')}/`, undefined],
    'an empty name is another path': [statusPath('ns', ''), undefined],
    'a dot of the group is a dot': [
      '/apis/trainer.kubeflowXorg/v1alpha1/namespaces/ns/trainjobs/job/status',
      undefined,
    ],
    'another group is another path': [
      '/apis/trainerXkubeflow.org/v1alpha1/namespaces/ns/trainjobs/job/status',
      undefined,
    ],
    'a bad escape is another path': [statusPath('%zz', 'job'), undefined],
  };
  for (const [name, [path, want]] of Object.entries(cases))
    it(name, () => expect(matchStatusPath(path)).toEqual(want));
});

describe('encodeGoJson', () => {
  it('escapes as Go encoding/json and ends with a newline', () => {
    expect(encodeGoJson({ m: '<a & b>\u2028' })).toBe('{"m":"\\u003ca \\u0026 b\\u003e\\u2028"}\n');
  });
});
