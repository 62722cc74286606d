// SPDX-License-Identifier: Apache-2.0
import { isDNS1035Label, isDNS1123Subdomain, isDomainPrefixedPath, regexError } from './k8s-names.js';
import { summarize } from '@kubetrain/testing';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('regexError', () => {
  it('without examples', () => {
    expect(regexError('bad', 'x+')).toBe("bad (regex used for validation is 'x+')");
  });
  it('with two examples, as apimachinery joins them', () => {
    expect(regexError('bad', 'x+', 'a', 'b')).toBe(
      "bad (e.g. 'a',  or 'b', regex used for validation is 'x+')",
    );
  });
});

describe('isDNS1123Subdomain', () => {
  const cases: Record<string, { value: string; want: string[] }> = {
    valid: { value: 'acme.io', want: [] },
    uppercase: { value: 'Acme.io', want: [SUBDOMAIN_MSG] },
    'too long and invalid': {
      value: `${'a'.repeat(254)}-`,
      want: ['must be no more than 253 characters', SUBDOMAIN_MSG],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(isDNS1123Subdomain(tc.value)).toEqual(tc.want);
    });
  }
});

describe('isDNS1035Label', () => {
  const msg =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
  const cases: Record<string, { value: string; want: string[] }> = {
    valid: { value: 'job-node-0-0', want: [] },
    'starts with a digit': { value: '1job', want: [msg] },
    '64 characters': { value: 'a'.repeat(64), want: ['must be no more than 63 characters'] },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      expect(isDNS1035Label(tc.value)).toEqual(tc.want);
    });
  }
});

describe('isDomainPrefixedPath', () => {
  const path = 'spec.runtimePatches.manager';
  const cases: Record<string, { value: string; want: Array<Record<string, unknown>> }> = {
    valid: { value: 'kueue.x-k8s.io/manager', want: [] },
    'valid with a deep path': { value: 'acme.io/team/platform', want: [] },
    empty: { value: '', want: [{ path, type: 'Required', message: '' }] },
    'no slash': {
      value: 'manager',
      want: [
        {
          path,
          type: 'Invalid',
          message: 'must be a domain-prefixed path (such as "acme.io/foo")',
          value: 'manager',
        },
      ],
    },
    'empty path (upstream integration case kueue.k8s.io/)': {
      value: 'kueue.k8s.io/',
      want: [
        {
          path,
          type: 'Invalid',
          message: 'must be a domain-prefixed path (such as "acme.io/foo")',
          value: 'kueue.k8s.io/',
        },
      ],
    },
    'empty host': {
      value: '/foo',
      want: [
        {
          path,
          type: 'Invalid',
          message: 'must be a domain-prefixed path (such as "acme.io/foo")',
          value: '/foo',
        },
      ],
    },
    'bad host': {
      value: 'Acme.io/foo',
      want: [{ path, type: 'Invalid', message: SUBDOMAIN_MSG, value: 'Acme.io' }],
    },
    'bad path characters': {
      value: 'acme.io/foo bar',
      want: [
        {
          path,
          type: 'Invalid',
          message: "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
          value: 'foo bar',
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = summarize(isDomainPrefixedPath(path, tc.value), true).map((e) =>
        e['type'] === 'Required' ? { path: e['path'], type: e['type'], message: e['message'] } : e,
      );
      expect(got).toEqual(tc.want);
    });
  }
});
