// SPDX-License-Identifier: Apache-2.0
// The syntax checks of apimachinery's util/validation, worded as it words them: DNS-1123 labels
// and subdomains, qualified names (label and annotation keys) and label values. Each returns the
// list of messages (empty when the value is valid).

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;

const anchored = (fmt: string) => new RegExp(`^${fmt}$`);
const DNS1123_LABEL = anchored(DNS1123_LABEL_FMT);
const DNS1123_SUBDOMAIN = anchored(DNS1123_SUBDOMAIN_FMT);
const QUALIFIED_NAME = anchored(QUALIFIED_NAME_FMT);
const LABEL_VALUE = anchored(LABEL_VALUE_FMT);

/** `validation.RegexError`: the message, examples and the regular expression used. */
function regexError(message: string, fmt: string, ...examples: string[]): string {
  const shown = examples.map((e) => `'${e}', `).join(' or ');
  return `${message} (${examples.length > 0 ? `e.g. ${shown}` : ''}regex used for validation is '${fmt}')`;
}

/** Lengths are Go's `len`: bytes. DNS names say characters (they are ASCII), label parts bytes. */
const maxLenError = (n: number) => `must be no more than ${n} characters`;
const maxBytesError = (n: number) => `must be no more than ${n} bytes`;
const bytes = (value: string) => Buffer.byteLength(value);

const QUALIFIED_NAME_MESSAGE = regexError(
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
  QUALIFIED_NAME_FMT,
  'MyName',
  'my.name',
  '123-abc',
);

/** `IsDNS1123Label`: at most 63 characters of `[a-z0-9-]`, starting and ending alphanumeric. */
export function dns1123LabelErrors(value: string): string[] {
  const errors: string[] = [];
  if (bytes(value) > 63) errors.push(maxLenError(63));
  if (!DNS1123_LABEL.test(value))
    errors.push(
      regexError(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL_FMT,
        'my-name',
        '123-abc',
      ),
    );
  return errors;
}

/** `IsDNS1123Subdomain`: at most 253 characters of dot-separated DNS-1123 labels. */
export function dns1123SubdomainErrors(value: string): string[] {
  const errors: string[] = [];
  if (bytes(value) > 253) errors.push(maxLenError(253));
  if (!DNS1123_SUBDOMAIN.test(value))
    errors.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        'example.com',
      ),
    );
  return errors;
}

/** `IsQualifiedName`: an optional DNS subdomain prefix and `/`, then a name of at most 63 characters. */
export function qualifiedNameErrors(value: string): string[] {
  const parts = value.split('/');
  let name: string;
  const errors: string[] = [];
  if (parts.length === 1) {
    name = parts[0] as string;
  } else if (parts.length === 2) {
    const prefix = parts[0] as string;
    name = parts[1] as string;
    if (prefix.length === 0) errors.push('prefix part must be non-empty');
    else errors.push(...dns1123SubdomainErrors(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a valid label key ${QUALIFIED_NAME_MESSAGE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errors.push('name part must be non-empty');
  else if (bytes(name) > 63) errors.push(`name part ${maxBytesError(63)}`);
  if (!QUALIFIED_NAME.test(name)) errors.push(`name part ${QUALIFIED_NAME_MESSAGE}`);
  return errors;
}

/** `IsValidLabelValue`: empty, or at most 63 characters of `[A-Za-z0-9-_.]`, alphanumeric at both ends. */
export function labelValueErrors(value: string): string[] {
  const errors: string[] = [];
  if (bytes(value) > 63) errors.push(maxBytesError(63));
  if (!LABEL_VALUE.test(value))
    errors.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        LABEL_VALUE_FMT,
        'MyValue',
        'my_value',
        '12345',
      ),
    );
  return errors;
}
