// SPDX-License-Identifier: Apache-2.0
// The syntax checks of names, label keys and values, with apimachinery's words (checked against a
// real kube-apiserver by e2e/api/differential.e2e.ts).
import {
  dns1123LabelErrors,
  dns1123SubdomainErrors,
  labelValueErrors,
  qualifiedNameErrors,
} from './name-syntax.js';

const QUALIFIED =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const cases: Record<string, [(v: string) => string[], string, string[]]> = {
  'a qualified name': [qualifiedNameErrors, 'example.com/My_name.1', []],
  'a name of 64 bytes': [qualifiedNameErrors, 'a'.repeat(64), ['name part must be no more than 63 bytes']],
  'a name of 32 two-byte characters': [
    qualifiedNameErrors,
    'ö'.repeat(32),
    ['name part must be no more than 63 bytes', `name part ${QUALIFIED}`],
  ],
  'an empty name part': [
    qualifiedNameErrors,
    'example.com/',
    ['name part must be non-empty', `name part ${QUALIFIED}`],
  ],
  'an empty prefix': [qualifiedNameErrors, '/x', ['prefix part must be non-empty']],
  'an upper-case prefix': [qualifiedNameErrors, 'Example.com/x', [`prefix part ${SUBDOMAIN}`]],
  'two slashes': [
    qualifiedNameErrors,
    'a/b/c',
    [
      `a valid label key ${QUALIFIED} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ],
  ],
  'a label value': [labelValueErrors, 'v1.2_x', []],
  'an empty label value': [labelValueErrors, '', []],
  'a label value of 64 bytes': [labelValueErrors, 'a'.repeat(64), ['must be no more than 63 bytes']],
  'a label value with a space': [labelValueErrors, 'a b', [VALUE]],
  'a DNS label': [dns1123LabelErrors, 'team-a', []],
  'a DNS label with an underscore': [dns1123LabelErrors, 'a_b', [LABEL]],
  'a DNS label of 64 characters': [
    dns1123LabelErrors,
    'a'.repeat(64),
    ['must be no more than 63 characters'],
  ],
  'a subdomain': [dns1123SubdomainErrors, 'a.b-c', []],
  'a subdomain with unicode': [dns1123SubdomainErrors, 'jöb', [SUBDOMAIN]],
};

describe('name syntax', () => {
  for (const [name, [check, value, want]] of Object.entries(cases)) {
    it(name, () => expect(check(value)).toEqual(want));
  }
});
