// SPDX-License-Identifier: Apache-2.0
// The name-format checks of apimachinery `pkg/util/validation` that the rules use, with their
// messages byte for byte (`IsDNS1123Subdomain`, `IsDNS1035Label`, `IsDomainPrefixedPath`).

import { invalid, required, type FieldError, type FieldPath } from '@kubetrain/api/core';

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const httpPathFmt = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";

const dns1123SubdomainRegexp = new RegExp(`^${dns1123SubdomainFmt}$`);
const dns1035LabelRegexp = new RegExp(`^${dns1035LabelFmt}$`);
const httpPathRegexp = new RegExp(`^${httpPathFmt}$`);

/** Maximum length of a DNS-1123 subdomain. */
const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
/** Maximum length of a DNS-1035 label (Job and Pod names in a JobSet). */
export const DNS1035_LABEL_MAX_LENGTH = 63;

/** `MaxLenError`: `must be no more than <n> characters`. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** `RegexError`: the message, then the examples and the regular expression, as apimachinery prints them. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

/** `IsDNS1123Subdomain`: the problems of `value` as a DNS-1123 subdomain (empty when valid). */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRegexp.test(value))
    errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** `IsDNS1035Label`: the problems of `value` as a DNS-1035 label (empty when valid). */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1035_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1035_LABEL_MAX_LENGTH));
  if (!dns1035LabelRegexp.test(value))
    errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

/**
 * `IsDomainPrefixedPath`: `acme.io/foo`. Empty is Required; no `/` or an empty side is Invalid
 * with the whole value; a bad host gives one Invalid per problem with the host as value; a bad
 * path gives Invalid with the path as value.
 */
export function isDomainPrefixedPath(path: FieldPath | string, value: string): FieldError[] {
  if (value.length === 0) return [required(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host.length === 0 || rest.length === 0) {
    return [invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  }
  const errs = isDNS1123Subdomain(host).map((msg) => invalid(path, host, msg));
  if (!httpPathRegexp.test(rest)) errs.push(invalid(path, rest, regexError('Invalid path', httpPathFmt)));
  return errs;
}
